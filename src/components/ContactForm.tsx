'use client'

import { useRef, useState, type FormEvent } from 'react'

import { contactSchema, fieldErrors, INQUIRY_TYPES, type FieldErrors } from '@/domain/forms'

type Field = 'name' | 'email' | 'inquiryType' | 'message'
const LABELS: Record<Field, string> = { name: 'Name', email: 'Email', inquiryType: 'Inquiry type', message: 'Message' }

/**
 * The contact form. It validates with the same rules the server will use; sending is the next issue, so a
 * valid message is acknowledged honestly and what was typed stays in the form.
 */
export function ContactForm() {
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [notice, setNotice] = useState<string | null>(null)
  const summaryRef = useRef<HTMLDivElement>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = Object.fromEntries(new FormData(event.currentTarget))
    const parsed = contactSchema.safeParse(data)
    if (!parsed.success) {
      setNotice(null)
      setErrors(fieldErrors<Field>(parsed.error))
      // Focus moves to the summary so screen-reader and keyboard users learn what to fix.
      requestAnimationFrame(() => summaryRef.current?.focus())
      return
    }
    setErrors({})
    setNotice('Sending messages from this form opens soon. Meanwhile, please write to the e-mail address below.')
  }

  const faulty = (Object.keys(errors) as Field[]).filter((f) => errors[f])
  const describedBy = (f: Field) => (errors[f] ? `contact-${f}-error` : undefined)

  return (
    <form className="contact-form" noValidate onSubmit={onSubmit} aria-labelledby="contact-heading">
      {faulty.length > 0 && (
        <div ref={summaryRef} className="error-summary" tabIndex={-1} role="alert">
          <h3>Please correct the following:</h3>
          <ul>
            {faulty.map((f) => (
              <li key={f}>
                <a href={`#contact-${f}`}>
                  {LABELS[f]}: {errors[f]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="field">
        <label htmlFor="contact-name">Name</label>
        <input
          id="contact-name"
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={100}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
        />
        {errors.name && (
          <p id="contact-name-error" className="field-error">
            {errors.name}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="contact-email">Email</label>
        <input
          id="contact-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email')}
        />
        {errors.email && (
          <p id="contact-email-error" className="field-error">
            {errors.email}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="contact-inquiryType">Inquiry type</label>
        <select id="contact-inquiryType" name="inquiryType" defaultValue="general">
          {INQUIRY_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="contact-message">Message</label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          required
          maxLength={5000}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
        />
        {errors.message && (
          <p id="contact-message-error" className="field-error">
            {errors.message}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary">
        Send Message
      </button>
      {notice && (
        <p className="form-notice" role="status">
          {notice}
        </p>
      )}
    </form>
  )
}
