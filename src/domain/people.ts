import { keyedHash } from './tokens'

/*
 * One person behind many rows: every list that holds an e-mail address (messages, calls, subscribers, the
 * coach's notes) names the same person when the addresses are the same once trimmed and lower-cased, the
 * way the subscribers' list and the keyed hashes already compare them (./tokens.ts).
 */

/** The address as the site compares it: trimmed, lower-cased. */
export const normalAddress = (email: string): string => email.trim().toLowerCase()

/** The address inside `"Name" <address>` (an outgoing mail's To), or the text itself. */
export const addressIn = (to: string): string => normalAddress(/<([^<>]+)>\s*$/.exec(to)?.[1] ?? to)

/**
 * The person's key in the admin's addresses (/admin/people/<key>): a keyed hash of the address, so no
 * address is written into a URL (browser history, server logs, a shared screen's address bar). 32 hex
 * characters (128 bits); the same address always has the same key while the site's secret stays the same.
 */
export const personKey = (secret: string, email: string): string =>
  keyedHash(secret, `person\n${normalAddress(email)}`).slice(0, 32)

export type Holdings = {
  messages: number
  calls: number
  /** Workshop registrations, cancelled ones included. */
  workshops: number
  /** Purchases of coaching packages, whatever their state. */
  purchases?: number
  subscription: string | null
  notes: boolean
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What the site holds about a person, in a few words: "2 messages · 1 call · 1 workshop · subscribed". */
export function holdingsLine(h: Holdings): string {
  const parts: string[] = []
  if (h.messages) parts.push(count(h.messages, 'message', 'messages'))
  if (h.calls) parts.push(count(h.calls, 'call', 'calls'))
  if (h.workshops) parts.push(count(h.workshops, 'workshop', 'workshops'))
  if (h.purchases) parts.push(count(h.purchases, 'purchase', 'purchases'))
  if (h.subscription) parts.push(h.subscription)
  if (h.notes) parts.push('notes')
  return parts.join(' · ') || 'nothing'
}

/** A subscriber's status as the People list says it. */
export const SUBSCRIPTION_WORDS: Record<string, string> = {
  pending: 'subscription not confirmed',
  confirmed: 'subscribed',
  unsubscribed: 'unsubscribed',
  bounced: 'address bounced',
}
