'use client'

import { enhancedForm } from '@/components/forms/enhance'
import { ErrorSummary, summaryFields } from '@/components/forms/ErrorSummary'
import { answeredFields, FormField } from '@/components/forms/FormField'
import { FormNotice } from '@/components/forms/FormNotice'
import { Honeypot } from '@/components/forms/Honeypot'
import { PersonFields } from '@/components/forms/PersonFields'
import { useFormPost } from '@/components/forms/useFormPost'
import { contactAction } from './actions'
import type { ContactField } from './rules'
import { CONTACT_INVALID, CONTACT_LABELS, INQUIRY_TYPES, MESSAGE_INPUT } from './texts'

const LABELS: Record<ContactField, string> = CONTACT_LABELS
const SUMMARY = summaryFields(LABELS, 'contact')
const FORM_ID = 'contact-form'

export function ContactForm() {
  const { state, formAction, errors, values, problem } = useFormPost(contactAction, FORM_ID)
  const field = answeredFields('contact', { errors, values })

  return (
    <form
      id={FORM_ID}
      className="contact-form"
      noValidate
      action={formAction}
      aria-labelledby="contact-heading"
      {...enhancedForm('contact', { endpoint: '/api/contact', invalid: CONTACT_INVALID, sending: 'Sending...' })}
    >
      <ErrorSummary message={problem?.message ?? null} fields={SUMMARY} errors={errors} />
      <Honeypot />
      <PersonFields idPrefix="contact" errors={errors} values={values} />
      <div className="field">
        <label htmlFor="contact-inquiryType">Inquiry type</label>
        <select id="contact-inquiryType" name="inquiryType" defaultValue={values.inquiryType || 'general'}>
          {INQUIRY_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <FormField {...field('message')} {...MESSAGE_INPUT} label="Message" multiline rows={6} />
      <button type="submit" className="button button--primary">
        Send Message
      </button>
      <FormNotice state={state} />
    </form>
  )
}
