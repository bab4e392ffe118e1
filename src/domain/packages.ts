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
 * Why an intake answer was refused: none given to a required question, longer than the question's limit, or
 * not one of a choice question's choices. The checkout page's address names each refused question with its
 * fault (`?fields=0.missing-2.long`), so the page says what is wrong with it, not only that something is.
 */
export const INTAKE_FAULTS = ['missing', 'long', 'choice'] as const
export type IntakeFault = (typeof INTAKE_FAULTS)[number]

/** What the buyer reads under a question refused for `fault`. */
export function intakeFaultText(question: Pick<IntakeQuestion, 'kind'>, fault: IntakeFault): string {
  if (fault === 'missing') return 'Please answer this question.'
  if (fault === 'choice') return 'Please choose one of the answers.'
  return `Your answer can be at most ${question.kind === 'long' ? INTAKE_LONG_MAX : INTAKE_SHORT_MAX} characters.`
}

/**
 * Checks the answers a buyer posted against the questions: each answer trimmed, a required one present, a
 * choice one of the choices, lengths within bounds. Answers by question index (`q0`, `q1`, …); `faults` and
 * their texts (`errors`) by the same names.
 *
 * A line break counts as one character, as the browser's own limit on the field counts it: the browser posts
 * each one as two (CR LF), so an answer of exactly the limit with line breaks in it would otherwise come back
 * refused as too long.
 */
export function checkIntake(
  questions: IntakeQuestion[],
  posted: Record<string, unknown>,
): {
  answers: { question: string; answer: string }[]
  errors: Record<string, string>
  faults: Record<string, IntakeFault>
} {
  const answers: { question: string; answer: string }[] = []
  const errors: Record<string, string> = {}
  const faults: Record<string, IntakeFault> = {}
  questions.forEach((q, i) => {
    const name = `q${i}`
    const raw = posted[name]
    const answer = typeof raw === 'string' ? raw.replaceAll('\0', '').replace(/\r\n?/g, '\n').trim() : ''
    const max = q.kind === 'long' ? INTAKE_LONG_MAX : INTAKE_SHORT_MAX
    const fault: IntakeFault | null =
      !answer && q.required
        ? 'missing'
        : answer.length > max
          ? 'long'
          : answer && q.kind === 'choice' && !q.choices.includes(answer)
            ? 'choice'
            : null
    if (fault) {
      faults[name] = fault
      errors[name] = intakeFaultText(q, fault)
    }
    answers.push({ question: q.question, answer })
  })
  return { answers, errors, faults }
}

/**
 * What the intake page says under each question its address names as refused (`fields`: `0.missing-2.long`,
 * by index), in the words of the fault; an index without one (an older address) asks to answer or check it.
 */
export function refusedAnswers(questions: IntakeQuestion[], fields: string | undefined): Record<number, string> {
  const wrong: Record<number, string> = {}
  for (const part of (fields ?? '').split('-')) {
    const [, n, fault] = /^(\d{1,2})(?:\.(\w+))?$/.exec(part) ?? []
    const q = n === undefined ? undefined : questions[Number(n)]
    if (!q) continue
    wrong[Number(n)] = (INTAKE_FAULTS as readonly string[]).includes(fault ?? '')
      ? intakeFaultText(q, fault as IntakeFault)
      : q.required
        ? 'Please answer this question.'
        : 'Please check this answer.'
  }
  return wrong
}

/** A package is paid in full or in this many monthly instalments (decision 071). */
export const INSTALMENTS_MIN = 2
export const INSTALMENTS_MAX = 12

/**
 * The amounts of `count` monthly instalments of a price of `total` cents: equal whole cents, and the first
 * takes the cents left over, so they add up to the price exactly ($1000 in 3: $333.34, $333.33, $333.33).
 */
export function instalmentAmounts(total: number, count: number): number[] {
  const each = Math.floor(total / count)
  return Array.from({ length: count }, (_, i) => (i === 0 ? total - each * (count - 1) : each))
}

/** How a buyer reads a plan: "3 monthly payments of $400", or "3 monthly payments: $333.34, then 2 of $333.33". */
export function instalmentPlanText(total: number, count: number): string {
  const [first, ...rest] = instalmentAmounts(total, count)
  const each = rest[0]!
  return first === each
    ? `${count} monthly payments of ${formatCents(each)}`
    : `${count} monthly payments: ${formatCents(first!)}, then ${rest.length} of ${formatCents(each)}`
}

/**
 * The day instalment `n` (1 is the first) of a plan whose first was paid at `firstPaidAt` is due: the same day
 * of the month, n − 1 months later (the last day of a shorter month), at the same time, in UTC.
 */
export function instalmentDue(firstPaidAt: Date, n: number): Date {
  const d = new Date(firstPaidAt)
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + n - 1)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, last))
  return d
}

/** What a buyer pays, in words: "$150", or the plan ("3 monthly payments of $400") when paid in instalments. */
export const priceInWords = (total: number, instalments: number | null | undefined): string =>
  instalments ? instalmentPlanText(total, instalments) : formatCents(total)

/**
 * The schedule of a plan, a line per payment: "Payment 1 of 3: $400, now", "Payment 2 of 3: $400, 1 month
 * after the first", …
 */
export const instalmentSchedule = (total: number, count: number): string[] =>
  instalmentAmounts(total, count).map(
    (amount, i) =>
      `Payment ${i + 1} of ${count}: ${formatCents(amount)}, ${
        i === 0 ? 'now' : `${i} ${i === 1 ? 'month' : 'months'} after the first`
      }`,
  )
