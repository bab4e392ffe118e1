import type { Payload, Where } from 'payload'

import { revalidateTags } from '@/platform/cache/revalidate'
import type { IssueStatus } from './Newsletters'
import { startIssue } from './sending'

/*
 * What the coach can do with an issue, each one conditional update from the states it applies to (two
 * clicks, or a click racing the sender, cannot both win). Each answers true when it took effect.
 */

const move = async (
  payload: Payload,
  id: number | string,
  from: IssueStatus[],
  data: Record<string, unknown>,
): Promise<boolean> =>
  (await payload.db.updateOne({
    collection: 'newsletters',
    where: { and: [{ id: { equals: id } }, { status: { in: from } }] },
    data,
    options: { atomic: true },
  })) != null

/** Freezes the recipients and starts sending at once. */
export const sendNow = (payload: Payload, id: number | string, now = new Date()) => startIssue(payload, id, now)

/** Sends at `at` (in the future); an issue waiting after a missed time may be given a new one. */
export async function scheduleIssue(
  payload: Payload,
  id: number | string,
  at: Date,
  now = new Date(),
): Promise<'scheduled' | 'in-the-past' | 'not-now'> {
  if (!(at.getTime() > now.getTime())) return 'in-the-past'
  return (await move(payload, id, ['draft', 'scheduled', 'held'], {
    status: 'scheduled',
    scheduledAt: at.toISOString(),
    notice: null,
  }))
    ? 'scheduled'
    : 'not-now'
}

/** Back to a draft: a scheduled (or waiting) issue is not sent. */
export const unschedule = (payload: Payload, id: number | string) =>
  move(payload, id, ['scheduled', 'held'], { status: 'draft', scheduledAt: null, notice: null })

/** The sender stops claiming mail within a second; what is being handed over finishes. */
export const pauseIssue = (payload: Payload, id: number | string) =>
  move(payload, id, ['sending'], { status: 'paused', notice: 'Paused by you.' })

export const resumeIssue = (payload: Payload, id: number | string) =>
  move(payload, id, ['paused'], { status: 'sending', notice: null })

/** Nothing more goes out: the recipients not yet mailed are marked "not sent (cancelled)". */
export async function cancelIssue(payload: Payload, id: number | string): Promise<boolean> {
  if (!(await move(payload, id, ['draft', 'scheduled', 'held', 'sending', 'paused'], { status: 'cancelled' })))
    return false
  await payload.db.updateMany({
    collection: 'newsletter-deliveries',
    where: { and: [{ newsletter: { equals: id } }, { status: { in: ['queued', 'deferred'] } }] },
    data: { status: 'cancelled' },
  })
  return true
}

const FAILED: Where = { status: { equals: 'failed' } }

/**
 * The failed recipients only (not the bounced, the uncertain or the sent) are queued again with fresh tries,
 * and the issue goes back to sending. Answers how many were queued.
 */
export async function retryFailed(payload: Payload, id: number | string): Promise<number> {
  const failed = await payload.count({
    collection: 'newsletter-deliveries',
    where: { and: [{ newsletter: { equals: id } }, FAILED] },
  })
  if (failed.totalDocs === 0) return 0
  if (!(await move(payload, id, ['sent', 'sending', 'paused'], { status: 'sending', finishedAt: null, notice: null })))
    return 0
  // A sent issue is out of the site's archive while its failed mails are tried again, and back once sent.
  revalidateTags(['newsletter-issues'], payload)
  const queued = await payload.db.updateMany({
    collection: 'newsletter-deliveries',
    where: { and: [{ newsletter: { equals: id } }, FAILED] },
    data: { status: 'queued', attempts: 0, reason: null, nextAttemptAt: null },
  })
  return Array.isArray(queued) ? queued.length : failed.totalDocs
}

/**
 * The uncertain recipients (all of the issue's, or the one delivery `only`), sent again at the coach's word
 * knowing they may already have it: queued again with fresh tries, the issue back to sending. Answers how many.
 */
export async function resendUncertain(payload: Payload, id: number | string, only?: number | string): Promise<number> {
  const which: Where = {
    and: [
      { newsletter: { equals: id } },
      { status: { equals: 'uncertain' } },
      ...(only === undefined ? [] : [{ id: { equals: only } }]),
    ],
  }
  const uncertain = await payload.count({ collection: 'newsletter-deliveries', where: which })
  if (uncertain.totalDocs === 0) return 0
  if (!(await move(payload, id, ['sent', 'sending', 'paused'], { status: 'sending', finishedAt: null, notice: null })))
    return 0
  revalidateTags(['newsletter-issues'], payload)
  const queued = await payload.db.updateMany({
    collection: 'newsletter-deliveries',
    where: which,
    data: { status: 'queued', attempts: 0, reason: null, nextAttemptAt: null, dataBegunAt: null },
  })
  return Array.isArray(queued) ? queued.length : uncertain.totalDocs
}

export type IssueProgress = Record<
  'total' | 'sent' | 'queued' | 'deferred' | 'failed' | 'bounced' | 'uncertain' | 'other',
  number
>

/** Where the recipients of an issue stand, for the admin's progress line. */
export async function issueProgress(payload: Payload, id: number | string): Promise<IssueProgress> {
  const count = async (status?: string[]) =>
    (
      await payload.count({
        collection: 'newsletter-deliveries',
        where: { and: [{ newsletter: { equals: id } }, ...(status ? [{ status: { in: status } }] : [])] },
      })
    ).totalDocs
  const [total, sent, queued, deferred, failed, bounced, uncertain] = await Promise.all([
    count(),
    count(['sent']),
    count(['queued', 'sending']),
    count(['deferred']),
    count(['failed']),
    count(['bounced', 'complained']),
    count(['uncertain']),
  ])
  return {
    total,
    sent,
    queued,
    deferred,
    failed,
    bounced,
    uncertain,
    other: total - sent - queued - deferred - failed - bounced - uncertain,
  }
}
