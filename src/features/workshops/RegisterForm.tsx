'use client'

import { Honeypot } from '@/components/forms/Honeypot'
import { PersonFields } from '@/components/forms/PersonFields'
import { useFormPost } from '@/components/forms/useFormPost'
import { registerAction } from './actions'

const FORM_ID = 'register-form'

/**
 * Name, e-mail, register (or join the waitlist): a plain post to the server action, with JavaScript on or off.
 * The answer comes back as the page's `?done=` or `?problem=` (RegisterPage).
 */
export function RegisterForm({ slug, button }: { slug: string; button: string }) {
  const { formAction, errors, values } = useFormPost(registerAction, FORM_ID)
  return (
    <form id={FORM_ID} className="register-form" action={formAction} aria-labelledby="register-form-heading">
      <h2 id="register-form-heading">Your details</h2>
      <input type="hidden" name="workshop" value={slug} />
      <Honeypot />
      <PersonFields idPrefix="register" errors={errors} values={values} />
      <button type="submit" className="button button--primary button--large">
        {button}
      </button>
    </form>
  )
}
