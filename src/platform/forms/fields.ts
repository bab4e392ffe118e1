/**
 * What the browser and the server share about the forms, without the validation library (it stays on the
 * server: src/platform/forms/rules.ts). The form components import only this and each feature's texts.ts,
 * so no page ships Zod to the browser.
 */

/** Spam defences: a field people never see, and the time the form became usable. */
export const HONEYPOT_FIELD = 'website'
export const STARTED_AT_FIELD = 'startedAt'

/** The texts of a field's faults, as the server's rules and the browser's own checks report them. */
export type FieldMessages = {
  /** Empty (after trimming) where an answer is required. */
  missing?: string
  /** Longer than the field's limit. */
  tooLong?: string
  /** Not a valid value of its kind (an e-mail address that is not one, a name with markup). */
  invalid?: string
}

/**
 * What a field says of a text longer than its limit: "Your note can be at most 1,000 characters." The limit
 * is grouped by thousands here rather than by `toLocaleString('en-US')`: these texts are made when the public
 * script starts, and a browser's first locale formatting starts its whole ICU library, 40-50 ms of a 2-core
 * machine's main thread and four times that on a phone, on every page, for two numbers under 1,000.
 */
export const tooLongText = (what: string, max: number): string =>
  `${what} can be at most ${String(max).replace(/\B(?=(\d{3})+$)/g, ',')} characters.`

/** The same limits for every form that asks a person for a name and an e-mail address. */
export const NAME_MAX = 100
export const EMAIL_MAX = 254

export const NAME_MESSAGES = {
  missing: 'Please enter your name.',
  tooLong: tooLongText('Your name', NAME_MAX),
  lineBreaks: 'Your name cannot contain line breaks.',
  invalid: 'Your name cannot contain < or >.',
} as const satisfies FieldMessages & { lineBreaks: string }

export const EMAIL_MESSAGES = {
  missing: 'Please enter your email address.',
  tooLong: tooLongText('Your email address', EMAIL_MAX),
  invalid: 'Please enter a valid email address.',
} as const satisfies FieldMessages

/** The labels of a person's name and e-mail (PersonFields), which the error summary names them by too. */
export const PERSON_LABELS = { name: 'Name', email: 'Email' } as const

/** What the error summary says above a form's faulty fields (the contact and booking forms). */
export const FIELDS_INVALID = 'Please correct the fields marked below.'

/** A name never needs angle brackets (the browser's `pattern` for the same rule: `[^<>]*`). */
export const NAME_PATTERN = '[^<>]*'
