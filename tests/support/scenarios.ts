import type { Payload } from 'payload'
import { expect } from './runner'

import { paragraphs } from '@/features/pages/rich-text'
import type { DiscoveryCall, Newsletter } from '@/payload-types'

import type { Account } from './coach'
import { MINUTE } from './clock'
import { restRequest } from './rest'

/*
 * Builders for what a test starts from, each with the defaults most tests want and the few fields a test
 * cares about passed in: `aCall(payload, { startsAt: '2026-12-01T10:00:00.000Z' })`. They write through
 * Payload's Local API, as the site does, or take the visitor's own way in (`aBookedCall` books through the
 * booking form's rules, mails and all).
 */

/**
 * Visitors' clients for the forms' rate limits: each call gives a client of its own, so limits meet only where
 * a test means them to (one client posting again and again). `prefix` keeps suites apart.
 */
export function newClients(prefix: string): () => { ipHash: string } {
  let n = 0
  return () => ({ ipHash: `${prefix}-${++n}-${Math.random()}` })
}

/** A contact message as a visitor fills the form in: valid, a media inquiry. */
export const CONTACT_POST = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  inquiryType: 'media',
  message: 'Could we talk about a podcast episode?',
}

/** A call's times from its start: it lasts `minutes`, and keeps `buffer` minutes after it free. */
export function callTimes(start: string | number | Date, minutes = 30, buffer = 15) {
  const startsAt = new Date(start)
  const endsAt = new Date(startsAt.getTime() + minutes * MINUTE)
  return {
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    blockedUntil: new Date(endsAt.getTime() + buffer * MINUTE).toISOString(),
  }
}

/**
 * A discovery call stored straight through the Local API (no booking form, no mail): 30 minutes from
 * `startsAt` and 15 kept free after it unless `minutes` and `buffer` say otherwise, booked by Ada at an
 * address of her own. Other fields (status, createdAt, startsAt_tz, ...) and Payload's options (`context`)
 * are passed on.
 */
export function aCall(
  payload: Payload,
  {
    startsAt,
    minutes,
    buffer,
    context,
    ...fields
  }: { startsAt: string; minutes?: number; buffer?: number; context?: Record<string, unknown> } & Partial<
    Omit<DiscoveryCall, 'id' | 'startsAt' | 'endsAt' | 'blockedUntil'>
  >,
): Promise<DiscoveryCall> {
  return payload.create({
    collection: 'discovery-calls',
    data: {
      name: 'Ada',
      email: `ada+${Math.random()}@example.com`,
      ...callTimes(startsAt, minutes, buffer),
      status: 'booked',
      sequence: 0,
      ...fields,
    },
    overrideAccess: true,
    ...(context ? { context } : {}),
  })
}

/**
 * A call booked as a visitor books it, through the booking form's rules, at the clock `now` and from
 * `client`, with its mails and reminders queued; the booking must be accepted. Answers the stored call. The
 * form's fields besides the slot default to Ada at an address of her own, in UTC.
 */
export async function aBookedCall(
  payload: Payload,
  form: { slot: string } & Record<string, string>,
  { now, client }: { now: Date; client: { ipHash: string } },
): Promise<DiscoveryCall> {
  const { bookCall } = await import('@/features/booking/book')
  const email = `ada.${Math.random().toString(36).slice(2)}@example.com`
  const result = await bookCall(payload, { name: 'Ada', email, timeZone: 'UTC', ...form }, client, now)
  expect(result.status).toBe('ok')
  const { docs } = await payload.find({
    collection: 'discovery-calls',
    where: { startsAt: { equals: form.slot } },
    overrideAccess: true,
  })
  return docs[0]!
}

/** A subscriber stored as it stands after the double opt-in (confirmed today, from the footer's form). */
export function aSubscriber(payload: Payload, email: string) {
  return payload.create({
    collection: 'subscribers',
    data: { email, status: 'confirmed', consentAt: new Date().toISOString(), source: 'footer' },
    overrideAccess: true,
  })
}

/**
 * `count` subscribers in one state, addressed `<status>-<tag>-<i>@example.com` (a tag of the test's own keeps
 * the addresses unique); confirmed and unsubscribed ones consented a minute ago. Answers their addresses.
 */
export async function someSubscribers(
  payload: Payload,
  count: number,
  status: 'confirmed' | 'pending' | 'unsubscribed',
  tag: string | number,
): Promise<string[]> {
  const emails: string[] = []
  for (let i = 0; i < count; i++) {
    const email = `${status}-${tag}-${i}@example.com`
    emails.push(email)
    await payload.create({
      collection: 'subscribers',
      data: {
        email,
        status,
        consentAt: status === 'pending' ? null : new Date(Date.now() - 60_000).toISOString(),
        source: 'footer',
      },
      overrideAccess: true,
    })
  }
  return emails
}

/** A draft newsletter issue of two paragraphs, as the coach saves one. */
export const anIssue = (payload: Payload, subject: string) =>
  payload.create({
    collection: 'newsletters',
    data: {
      subject,
      status: 'draft',
      preheader: 'This month',
      body: paragraphs('Hello, reader.', 'A second paragraph.') as Newsletter['body'],
    },
    overrideAccess: true,
  })

/**
 * A reader subscribed and confirmed the visitor's way, over HTTP on a running site: the sign-up (from
 * `headers`' client, if given), the confirmation mail found by `confirmMail`, and the button its link opens.
 */
export async function aConfirmedReader(
  siteUrl: string,
  email: string,
  confirmMail: () => Promise<{ text?: string } | undefined>,
  headers: Record<string, string> = {},
): Promise<void> {
  const signedUp = await fetch(`${siteUrl}/api/subscribe`, {
    method: 'POST',
    body: JSON.stringify({ email }),
    headers: { 'content-type': 'application/json', ...headers },
  })
  expect(signedUp.status).toBe(200)
  await expect.poll(confirmMail, { timeout: 15_000 }).toBeDefined()
  const token = /\/newsletter\/confirm\/([\w-]+)/.exec((await confirmMail())?.text ?? '')?.[1]
  // A new token of 24 random bytes, base64url.
  expect(token).toMatch(/^[\w-]{32}$/)
  const confirmed = await fetch(`${siteUrl}/api/newsletter/confirm`, {
    method: 'POST',
    body: new URLSearchParams({ token: token! }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: siteUrl, ...headers },
    redirect: 'manual',
  })
  expect([confirmed.status, confirmed.headers.get('location')]).toEqual([303, '/newsletter/confirmed'])
}

/** The coach open every day 09:00–17:00 UTC; the defaults otherwise (24 hours' notice, 15 minutes' buffer, 30 days). */
export const openEveryDayInUtc = (payload: Payload) =>
  payload.updateGlobal({
    slug: 'availability',
    data: {
      timeZone: 'UTC',
      weeklyHours: ['1', '2', '3', '4', '5', '6', '7'].map((weekday) => ({
        weekday: weekday as '1',
        from: '09:00',
        to: '17:00',
      })),
      daysOff: [],
      busyCalendarUrl: null,
    },
    overrideAccess: true,
  })

/** A coach (an admin) and an editor, each named after their role, made and logged in: their sessions' tokens. */
export async function theCoachAndAnEditor(payload: Payload, coach: Account, editor: Account) {
  for (const [who, role] of [
    [coach, 'admin'],
    [editor, 'editor'],
  ] as const) {
    await payload.create({ collection: 'users', data: { ...who, name: role, role }, overrideAccess: true })
  }
  return {
    coach: (await payload.login({ collection: 'users', data: coach })).token!,
    editor: (await payload.login({ collection: 'users', data: editor })).token!,
  }
}

/** An admin and an editor of their own (`label` keeps suites apart), logged in: their sessions' tokens. */
export async function anAdminAndAnEditor(payload: Payload, label: string) {
  const account = (role: 'admin' | 'editor') => ({
    email: `${role}.${label.toLowerCase()}@example.com`,
    password: `a quiet lake at dawn ${role}`,
  })
  const tokens: Record<'admin' | 'editor', string> = { admin: '', editor: '' }
  for (const role of ['admin', 'editor'] as const) {
    await payload.create({ collection: 'users', data: { ...account(role), role }, overrideAccess: true })
    tokens[role] = (await payload.login({ collection: 'users', data: account(role) })).token!
  }
  return tokens
}

/** The coach erases the person `key` in People (POST /people/<key>/erase, answered 200): what was erased. */
export async function erasedByCoach(key: string, coachToken: string): Promise<object> {
  const erased = await restRequest(`/people/${key}/erase`, { method: 'POST', token: coachToken })
  expect(erased.status).toBe(200)
  return ((await erased.json()) as { erased: object }).erased
}
