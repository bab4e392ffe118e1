import type { Payload, TypedUser, Where } from 'payload'

import { dayGroup, inNextSevenDays } from '@/domain/day-groups'
import { formatCents } from '@/domain/packages'
import { CALLS_IN_ADMIN, readBookingRules } from '@/features/booking/calls'
import { dayLabel, timeLabel } from '@/features/booking/format'
import { meetingOf, whereText } from '@/features/booking/meeting'
import { unhandledMessageCount } from '@/features/contact/inbox'
import { issueProgress } from '@/features/newsletter/issue-actions'
import { instalmentState } from '@/features/packages/paid'
import { progressLine } from '@/features/newsletter/issue-progress'
import type { DiscoveryCall, Newsletter } from '@/payload-types'
import { ifAllowed } from '@/platform/access'

/*
 * What needs the coach today, for the top of the admin's dashboard (./TodayView.tsx): read as the logged-in
 * user may read it (an editor who may not read the calls sees no calls), in the coach's zone (Availability).
 * Each feature's part is one function below; a new feature adds its own and one line in `readToday`.
 */

export type TodayCall = {
  id: number
  /** "Today, 2:30 PM", "Thursday, December 3, 10:00 AM" */
  when: string
  name: string
  note: string | null
  /** "By phone: you call Ana Lima at +1 212 555 0100", "Video call at https://…"; null when not set (by e-mail). */
  how: string | null
  href: string
}

/** One thing to look at, as a sentence and the place to act on it. */
export type TodayLine = { text: string; href: string; link: string }

export type Today = {
  timeZone: string
  /** False until the coach has saved a zone: the dashboard asks for it. */
  timeZoneChosen: boolean
  /** "Thursday, November 26" in the coach's zone. */
  date: string
  /**
   * `nextDays`: how many calls are booked in the seven days after today (not today's), and `ahead` that as
   * the coach reads it ("2 more calls in the next seven days.").
   */
  calls: null | { next: TodayCall | null; today: TodayCall[]; nextDays: number; ahead: string }
  lines: TodayLine[]
}

const ADMIN = '/admin/collections'

type Reader = { payload: Payload; user: TypedUser; now: Date; timeZone: string }

const callOf = (c: DiscoveryCall, r: Reader): TodayCall => {
  const start = new Date(c.startsAt)
  const day = dayGroup(start, r.now, r.timeZone) === 'today' ? 'Today' : dayLabel(start, r.timeZone)
  return {
    id: c.id,
    when: `${day}, ${timeLabel(start, r.timeZone)}`,
    name: c.name,
    note: c.note?.trim() || null,
    how: whereText(meetingOf(c), 'coach', { coach: 'you', visitor: c.name }),
    href: `${CALLS_IN_ADMIN}/${c.id}`,
  }
}

/**
 * The next call, the calls today, and how many more in the seven days after today (whatever day today is,
 * ../../domain/day-groups.ts).
 */
async function calls(r: Reader): Promise<Today['calls']> {
  const found = await ifAllowed(() =>
    r.payload.find({
      collection: 'discovery-calls',
      where: { and: [{ status: { equals: 'booked' } }, { endsAt: { greater_than: r.now.toISOString() } }] },
      sort: 'startsAt',
      limit: 100,
      depth: 0,
      overrideAccess: false,
      user: r.user,
    }),
  )
  if (!found) return null
  // Not yet over (the query's endsAt): a call under way is still the next one.
  const ahead = found.docs
  const group = (c: DiscoveryCall) => dayGroup(new Date(c.startsAt), r.now, r.timeZone)
  const nextDays = ahead.filter((c) => inNextSevenDays(new Date(c.startsAt), r.now, r.timeZone)).length
  return {
    next: ahead[0] ? callOf(ahead[0], r) : null,
    today: ahead.filter((c) => group(c) === 'today').map((c) => callOf(c, r)),
    nextDays,
    ahead:
      nextDays === 0
        ? 'No more calls in the next seven days.'
        : `${plural(nextDays, 'more call', 'more calls')} in the next seven days.`,
  }
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`

async function messages(r: Reader): Promise<TodayLine[]> {
  const waiting = await unhandledMessageCount(r.payload, r.user)
  return [
    {
      text: waiting > 0 ? `${plural(waiting, 'message', 'messages')} not yet handled.` : 'No messages waiting.',
      href: `${ADMIN}/contact-messages`,
      link: 'Open the messages',
    },
  ]
}

/** A week, for a coach who has no earlier visit to count from. */
const FIRST_VISIT_WINDOW_MS = 7 * 86_400_000

async function subscribers(r: Reader, since: Date | null): Promise<TodayLine[]> {
  const from = since ?? new Date(r.now.getTime() - FIRST_VISIT_WINDOW_MS)
  const where: Where = {
    and: [{ status: { equals: 'confirmed' } }, { consentAt: { greater_than: from.toISOString() } }],
  }
  const counted = await ifAllowed(() =>
    r.payload.count({ collection: 'subscribers', where, overrideAccess: false, user: r.user }),
  )
  if (!counted) return []
  const when = since
    ? `since your last visit (${dayLabel(since, r.timeZone)}, ${timeLabel(since, r.timeZone)})`
    : 'in the last 7 days'
  const params = new URLSearchParams({
    'where[and][0][status][equals]': 'confirmed',
    'where[and][1][consentAt][greater_than]': from.toISOString(),
    sort: '-consentAt',
  })
  return [
    {
      text: `${plural(counted.totalDocs, 'new subscriber', 'new subscribers')} ${when}.`,
      href: `${ADMIN}/subscribers?${params}`,
      link: 'See the subscribers',
    },
  ]
}

/** Issues of the newsletter that need the coach or are going out. */
async function newsletter(r: Reader): Promise<TodayLine[]> {
  const found = await ifAllowed(() =>
    r.payload.find({
      collection: 'newsletters',
      where: { status: { in: ['sending', 'paused', 'held', 'scheduled'] } },
      sort: 'scheduledAt',
      limit: 10,
      depth: 0,
      overrideAccess: false,
      user: r.user,
    }),
  )
  if (!found) return []
  return Promise.all(
    found.docs.map(async (issue: Newsletter): Promise<TodayLine> => {
      const named = `“${issue.subject}”`
      const href = `${ADMIN}/newsletters/${issue.id}`
      switch (issue.status) {
        case 'sending':
          return {
            text: `${named} is going out: ${progressLine(await issueProgress(r.payload, issue.id))}.`,
            href,
            link: 'Follow it',
          }
        case 'paused':
          return { text: `${named} is paused.`, href, link: 'Resume or cancel it' }
        case 'held':
          return { text: `${named} missed its time and waits for you.`, href, link: 'Send or reschedule it' }
        default: {
          const at = issue.scheduledAt ? new Date(issue.scheduledAt) : null
          const when = at ? ` for ${dayLabel(at, r.timeZone)}, ${timeLabel(at, r.timeZone)}` : ''
          return { text: `${named} is scheduled${when}.`, href, link: 'Open the issue' }
        }
      }
    }),
  )
}

/** Purchases of a package whose bank transfer the coach has to confirm (admins only read purchases). */
async function purchases(r: Reader): Promise<TodayLine[]> {
  const counted = await ifAllowed(() =>
    r.payload.count({
      collection: 'purchases',
      // A card payment needs nothing of the coach: Stripe confirms it.
      where: { status: { equals: 'awaiting-payment' }, paymentMethod: { not_equals: 'stripe' } },
      overrideAccess: false,
      user: r.user,
    }),
  )
  if (!counted || counted.totalDocs === 0) return []
  return [
    {
      text: `${plural(counted.totalDocs, 'purchase', 'purchases')} awaiting a bank transfer.`,
      href: `${ADMIN}/purchases?${new URLSearchParams({ 'where[status][equals]': 'awaiting-payment' })}`,
      link: 'See the purchases',
    },
  ]
}

/**
 * Monthly payments of a package past their day and not received (decision 071; admins only read purchases):
 * one line each, with the purchase to act on (mark it received, or talk to the client). By card, Stripe tries
 * again by itself; the line says when it could not take the payment.
 */
async function overduePayments(r: Reader): Promise<TodayLine[]> {
  const found = await ifAllowed(() =>
    r.payload.find({
      collection: 'purchases',
      where: { and: [{ status: { equals: 'paid' } }, { instalments: { greater_than: 1 } }] },
      sort: 'paidAt',
      limit: 200,
      depth: 0,
      overrideAccess: false,
      user: r.user,
    }),
  )
  if (!found) return []
  const lines: TodayLine[] = []
  for (const p of found.docs) {
    const state = await instalmentState(r.payload, p, r.now)
    if (!state?.overdue || !state.next || !state.nextDue || state.nextAmount === null) continue
    const due = dayLabel(new Date(state.nextDue), r.timeZone)
    lines.push({
      text: `Payment ${state.next} of ${state.of} (${formatCents(state.nextAmount)}) for the ${p.packageTitle} from ${p.email} was due on ${due}${state.problem ? ': Stripe could not take it from the card' : ''}.`,
      href: `${ADMIN}/purchases/${p.id}`,
      link: 'Open the purchase',
    })
  }
  return lines
}

export async function readToday(payload: Payload, user: TypedUser, now = new Date()): Promise<Today> {
  const {
    availability: { timeZone },
    timeZoneChosen,
  } = await readBookingRules(payload)
  const r: Reader = { payload, user, now, timeZone }
  const since = (user as { previousLoginAt?: string | null }).previousLoginAt
  const [callsPart, ...lines] = await Promise.all([
    calls(r),
    messages(r),
    subscribers(r, since ? new Date(since) : null),
    newsletter(r),
    purchases(r),
    overduePayments(r),
  ])
  return {
    timeZone,
    timeZoneChosen,
    date: dayLabel(now, timeZone),
    calls: callsPart,
    lines: lines.flat(),
  }
}
