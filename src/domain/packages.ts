import { createHash, randomInt } from 'node:crypto'

/*
 * The pure rules of selling a coaching package (issue 27, decisions 054–056): the agreement's fingerprint,
 * the buyer's mailed code, the transfer reference, and when the credits of a paid purchase end.
 */

/** The SHA-256 of an agreement's exact text (hex): what a buyer accepted, whatever the text becomes later. */
export const agreementHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')

/** How long a mailed code can be typed, and how many wrong tries a purchase takes before it needs a new one. */
export const CODE_MINUTES = 30
export const CODE_TRIES = 5

/** A six-digit code for the buyer's inbox ("042917"), drawn uniformly. */
export const newCheckoutCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0')

/** What a buyer types, tidied: spaces and dashes between the digits are fine ("042 917"). */
export const tidyCode = (typed: string): string => typed.replace(/[\s-]/g, '')

const DAY = 24 * 60 * 60 * 1000

/** When the credits of a purchase opened at `openedAt` stop being valid. */
export const creditsValidUntil = (openedAt: Date, validityDays: number): Date =>
  new Date(openedAt.getTime() + validityDays * DAY)

/**
 * The reference the buyer writes on their bank transfer: short, without characters that read alike (0/O,
 * 1/I/L), e.g. "PKG-7K3M9Q" (31^6, about 900 million; the database's unique index refuses a repeat).
 */
export function transferReference(prefix = 'PKG'): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
  let tail = ''
  for (let i = 0; i < 6; i++) tail += alphabet[randomInt(0, alphabet.length)]
  return `${prefix}-${tail}`
}

/** Cents as the site writes a price (formatPrice): "$150", and "$150.50" when there are cents. */
export const formatCents = (cents: number): string =>
  cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`

/** The kinds of intake question a coach can ask. */
export const INTAKE_KINDS = ['short', 'long', 'choice'] as const
export type IntakeKind = (typeof INTAKE_KINDS)[number]

export type IntakeQuestion = { question: string; kind: IntakeKind; required: boolean; choices: string[] }

export const INTAKE_SHORT_MAX = 200
export const INTAKE_LONG_MAX = 4000

/** The choices of a "choice" question, one per line in the admin; blank lines left out. */
export const choicesOf = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((c) => c.trim())
    .filter(Boolean)

/**
 * Checks the answers a buyer posted against the questions: each answer trimmed, a required one present, a
 * choice one of the choices, lengths within bounds. Answers by question index (`q0`, `q1`, …).
 */
export function checkIntake(
  questions: IntakeQuestion[],
  posted: Record<string, unknown>,
): { answers: { question: string; answer: string }[]; errors: Record<string, string> } {
  const answers: { question: string; answer: string }[] = []
  const errors: Record<string, string> = {}
  questions.forEach((q, i) => {
    const name = `q${i}`
    const raw = posted[name]
    const answer = typeof raw === 'string' ? raw.replaceAll('\0', '').trim() : ''
    const max = q.kind === 'long' ? INTAKE_LONG_MAX : INTAKE_SHORT_MAX
    if (!answer && q.required) errors[name] = 'Please answer this question.'
    else if (answer.length > max) errors[name] = `Your answer can be at most ${max} characters.`
    else if (answer && q.kind === 'choice' && !q.choices.includes(answer))
      errors[name] = 'Please choose one of the answers.'
    answers.push({ question: q.question, answer })
  })
  return { answers, errors }
}
