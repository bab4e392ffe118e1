import { tooLongText, type FieldMessages } from '@/platform/forms/fields'

/*
 * Where a discovery call happens: the coach's choice in Booking → Availability ("Where we meet"), copied onto
 * each call when it is booked (what the visitor was promised stays with the call). No validation library
 * here: the booking form's component imports the phone field's texts and pattern from this file.
 */

/** `unset`: nothing said on the site; the coach and the visitor arrange it by e-mail (every site before this). */
export const MEETING_KINDS = ['unset', 'video', 'phone', 'in-person'] as const
export type MeetingKind = (typeof MEETING_KINDS)[number]

export const MEETING_KIND_OPTIONS = [
  { label: 'Not set: arranged by e-mail (the site says nothing)', value: 'unset' },
  { label: 'Video call: a fixed link', value: 'video' },
  { label: 'Phone call: you call the visitor (the form asks for their number)', value: 'phone' },
  { label: 'In person: an address', value: 'in-person' },
] as const satisfies { label: string; value: MeetingKind }[]

/** The same kinds as a booked call shows them. */
export const CALL_MEETING_OPTIONS = [
  { label: 'Not set (by e-mail)', value: 'unset' },
  { label: 'Video call', value: 'video' },
  { label: 'Phone call', value: 'phone' },
  { label: 'In person', value: 'in-person' },
] as const satisfies { label: string; value: MeetingKind }[]

/** What a call was promised: how, and the link (video) or the address (in person); the visitor's phone number. */
export type Meeting = { kind: MeetingKind; place: string | null; phone: string | null }

export const isMeetingKind = (value: unknown): value is MeetingKind =>
  typeof value === 'string' && (MEETING_KINDS as readonly string[]).includes(value)

/** The kind and place of the Availability setting as stored; a kind without its place counts as not set. */
export function meetingSetting(stored: { kind?: unknown; link?: unknown; address?: unknown } | null | undefined) {
  const kind = isMeetingKind(stored?.kind) ? stored.kind : 'unset'
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null)
  if (kind === 'video') return text(stored?.link) ? { kind, place: text(stored?.link) } : UNSET
  if (kind === 'in-person') return text(stored?.address) ? { kind, place: text(stored?.address) } : UNSET
  return { kind, place: null }
}
const UNSET = { kind: 'unset' as MeetingKind, place: null }

/** A video link: https only, a host, no spaces. */
export const VIDEO_LINK_MESSAGE = 'Paste the whole link of your video room, starting with https://.'
export function videoLinkProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return 'A video call needs its link: paste the link of your room.'
  const link = value.trim()
  if (/\s/.test(link) || !/^https:\/\//i.test(link)) return VIDEO_LINK_MESSAGE
  try {
    return new URL(link).hostname ? null : VIDEO_LINK_MESSAGE
  } catch {
    return VIDEO_LINK_MESSAGE
  }
}

/** An address on one line (for the invite's LOCATION and the mails' one "Where" line). */
export const oneLine = (address: string): string =>
  address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(', ')

// ----- The visitor's phone number -----

export const PHONE_MAX = 30
/** Characters a phone number may be written with besides digits (E.164 has up to 15 digits; 7 is the shortest we take). */
const PHONE_SEPARATORS = ' ().-'
export const PHONE_MIN_DIGITS = 7
export const PHONE_MAX_DIGITS = 15

export const PHONE_MESSAGES = {
  missing: 'Please enter your phone number, so the coach can call you.',
  tooLong: tooLongText('Your phone number', PHONE_MAX),
  invalid: `Please enter a phone number of ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits, with the country code if you are abroad (e.g. +44 20 7946 0958). Only digits, spaces, a leading +, brackets, dots and dashes are allowed.`,
} as const satisfies FieldMessages

/**
 * The same rule as `phoneProblem` for the browser's own check (the `pattern` attribute, which browsers match
 * whole with the `v` flag): an optional leading +, then 7 to 15 digits with separators between them.
 */
export const PHONE_PATTERN = '\\+?[ \\(\\)\\.\\-]*(?:[0-9][ \\(\\)\\.\\-]*){7,15}'

/**
 * What is wrong with a phone number as the visitor typed it, in words, or null when it will do: digits with
 * spaces, brackets, dots and dashes between them, at most one + at the start, 7 to 15 digits (E.164 allows
 * 15 with the country code; below 7 no number is reachable).
 */
export function phoneProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return PHONE_MESSAGES.missing
  const phone = value.trim()
  if (phone.length > PHONE_MAX) return PHONE_MESSAGES.tooLong
  const stray = [...phone.replace(/^\+/, '')].find((c) => !/[0-9]/.test(c) && !PHONE_SEPARATORS.includes(c))
  if (stray === '+') return 'A + can only come first, before the country code (e.g. +44 20 7946 0958).'
  if (stray)
    return `A phone number cannot contain “${stray}”: use only digits, spaces, a leading +, brackets, dots and dashes.`
  const digits = phone.replace(/\D/g, '').length
  if (digits < PHONE_MIN_DIGITS)
    return `That number has only ${digits} digit${digits === 1 ? '' : 's'}; a phone number has at least ${PHONE_MIN_DIGITS}. Please enter the whole number, with the area code.`
  if (digits > PHONE_MAX_DIGITS)
    return `That number has ${digits} digits; a phone number has at most ${PHONE_MAX_DIGITS}, with the country code.`
  return null
}

/** The number as it is kept and shown: trimmed, runs of spaces made one. */
export const tidyPhone = (phone: string): string => phone.trim().replace(/\s+/g, ' ')

// ----- What each side reads -----

/**
 * Said on /scheduling before and after booking (the coach's current setting, the same for everybody): how
 * the two will talk. The video link is not shown on the public page; it goes only to the one who booked.
 */
export function meetingSentence(kind: MeetingKind, place: string | null, coachName: string): string | null {
  if (kind === 'video') return 'We meet by video call. The link comes with your confirmation mail and invite.'
  if (kind === 'phone') return `We talk by phone: ${coachName} calls you at the phone number you give.`
  if (kind === 'in-person' && place) return `We meet in person, at ${oneLine(place)}.`
  return null
}

/** How the call happens, for the visitor or for the coach (the mails' "Where" line, the manage page); null when not set. */
export function whereText(
  m: Meeting,
  to: 'visitor' | 'coach',
  names: { coach: string; visitor: string },
): string | null {
  if (m.kind === 'video' && m.place) return `Video call at ${m.place}`
  if (m.kind === 'phone' && m.phone)
    return to === 'visitor'
      ? `By phone: ${names.coach} calls you at ${m.phone}`
      : `By phone: you call ${names.visitor} at ${m.phone}`
  if (m.kind === 'in-person' && m.place) return `In person at ${oneLine(m.place)}`
  return null
}

/** The invite's LOCATION: the link, the address or the number to call; none when not set. */
export function inviteLocation(m: Meeting): string | null {
  if (m.kind === 'video' || m.kind === 'in-person') return m.place ? oneLine(m.place) : null
  if (m.kind === 'phone') return m.phone
  return null
}

/** The invite's sentence on how they meet (both sides get the same invite, so it names both). */
export function inviteHow(m: Meeting, names: { coach: string; visitor: string }): string | null {
  if (m.kind === 'video' && m.place) return `By video call: ${m.place}`
  if (m.kind === 'phone' && m.phone) return `By phone: ${names.coach} calls ${names.visitor} at ${m.phone}.`
  if (m.kind === 'in-person' && m.place) return `In person, at ${oneLine(m.place)}.`
  return null
}

/** The call's stored promise as a Meeting (rows booked before "Where we meet" existed are `unset`). */
export const meetingOf = (call: {
  meetingKind?: string | null
  meetingPlace?: string | null
  phone?: string | null
}): Meeting => ({
  kind: isMeetingKind(call.meetingKind) ? call.meetingKind : 'unset',
  place: call.meetingPlace ?? null,
  phone: call.phone ?? null,
})
