import type { Payload, PayloadRequest, Where } from 'payload'

import { afterFailedAttempt, STALE_CLAIM_MS } from '@/domain/outbox-schedule'
import type { MailOutbox } from '@/payload-types'
import { mailTransport, type MailAttachment, type MailTransport, type OutgoingMail } from './transport'

export type QueuedMail = {
  /** What the mail is, for the admin and for cancelling (e.g. 'contact-confirmation', 'call-reminder'). */
  kind: string
  mail: OutgoingMail
  /** The clock of the caller: the mail is due from then (or from `sendAfter`). */
  now: Date
  /** Not sent before this instant (e.g. a reminder 24 hours before a call). Retries come on top. */
  sendAfter?: Date
  /** The row that caused the mail, as '<collection>:<id>', so its queued mail can be cancelled with it. */
  reference?: string
  /**
   * The same key is queued once: a second call with it returns the first mail (e.g. 'call-reminder:12:<start>'
   * for the reminder of one call at one time). A unique index backs this up against two racing writers.
   */
  idempotencyKey?: string
}

/**
 * Queues a mail. Pass the request of the transaction that writes the row causing the mail: both are then
 * committed together, or neither is. Returns the outbox row's id, and whether this call queued it (false when
 * the idempotency key was queued before).
 */
export async function enqueueMail(
  payload: Payload,
  { kind, mail, now, sendAfter, reference, idempotencyKey }: QueuedMail,
  req: Partial<PayloadRequest>,
): Promise<{ id: number | string; queued: boolean }> {
  if (idempotencyKey) {
    const before = await payload.find({
      collection: 'mail-outbox',
      where: { idempotencyKey: { equals: idempotencyKey } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
    if (before.docs[0]) return { id: before.docs[0].id, queued: false }
  }
  const due = sendAfter && sendAfter > now ? sendAfter : now
  const row = await payload.create({
    collection: 'mail-outbox',
    data: {
      kind,
      from: mail.from,
      to: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      headers: mail.headers ?? null,
      attachments: mail.attachments ?? null,
      calendar: mail.calendar ?? null,
      reference: reference ?? null,
      idempotencyKey: idempotencyKey ?? null,
      status: 'queued',
      attempts: 0,
      sendAfter: sendAfter?.toISOString() ?? null,
      nextAttemptAt: due.toISOString(),
    },
    depth: 0,
    overrideAccess: true,
    req,
  })
  return { id: row.id, queued: true }
}

/**
 * Withdraws the mail about `reference` that is still waiting (all of it, or only one kind): e.g. the
 * reminders of a call that was moved or cancelled. Mail already being sent or sent is left as it is.
 * Returns how many mails were cancelled.
 */
export async function cancelQueuedMail(
  payload: Payload,
  { reference, kind }: { reference: string; kind?: string },
  req: Partial<PayloadRequest> = {},
): Promise<number> {
  const waiting = await payload.find({
    collection: 'mail-outbox',
    where: {
      and: [
        { reference: { equals: reference } },
        { status: { equals: 'queued' } },
        ...(kind ? [{ kind: { equals: kind } }] : []),
      ],
    },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  let cancelled = 0
  for (const mail of waiting.docs) {
    // Conditional, like the claim: a worker that took the mail meanwhile wins, and it is sent.
    if (await transition(payload, mail.id, { status: { equals: 'queued' } }, { status: 'cancelled' }, req)) {
      cancelled += 1
    }
  }
  return cancelled
}

/**
 * One conditional UPDATE through the database adapter (`UPDATE ... WHERE id = ? AND <condition>`): of two
 * writers racing for the same row, exactly one gets it back.
 */
async function transition(
  payload: Payload,
  id: number | string,
  condition: Where,
  data: Partial<MailOutbox>,
  req: Partial<PayloadRequest> = {},
): Promise<boolean> {
  const row: unknown = await payload.db.updateOne({
    collection: 'mail-outbox',
    where: { and: [{ id: { equals: id } }, condition] },
    data,
    options: { atomic: true },
    req,
  })
  return row != null
}

/**
 * Takes one mail for this worker. A claim older than STALE_CLAIM_MS belongs to a worker that died before it
 * could record the outcome, so it may be taken over.
 */
const claim = (payload: Payload, id: number | string, now: Date): Promise<boolean> =>
  transition(
    payload,
    id,
    {
      or: [
        { status: { equals: 'queued' } },
        {
          and: [
            { status: { equals: 'sending' } },
            { claimedAt: { less_than: new Date(now.getTime() - STALE_CLAIM_MS).toISOString() } },
          ],
        },
      ],
    },
    { status: 'sending', claimedAt: now.toISOString() },
  )

export type DeliveryReport = { sent: number; retried: number; failed: number }

const SEND_CONCURRENCY = 4
/** Mails looked at per run; a full batch means there may be more due. */
export const BATCH_SIZE = 50

/** The outbox row as the transport sends it. */
const outgoing = (mail: MailOutbox): OutgoingMail => ({
  from: mail.from,
  to: mail.to,
  replyTo: mail.replyTo,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  headers: (mail.headers as Record<string, string> | null) ?? undefined,
  attachments: (mail.attachments as MailAttachment[] | null) ?? undefined,
  calendar: (mail.calendar as OutgoingMail['calendar']) ?? undefined,
})

/**
 * The links that act for whoever holds them (confirm a subscription, unsubscribe, reset a password), with
 * their token replaced: what the outbox keeps once the mail is sent, so a row read later (by the coach, or
 * from a backup) cannot be used to act for the recipient.
 */
const TOKEN_LINKS =
  /(\/newsletter\/(?:confirm|unsubscribe)\/|\/api\/newsletter\/unsubscribe\?token=|\/admin\/reset\/)[\w%-]+/g
export const REDACTED = '[removed-after-sending]'
export const withoutTokens = (text: string): string => text.replace(TOKEN_LINKS, `$1${REDACTED}`)
const headersWithoutTokens = (headers: unknown) =>
  headers && typeof headers === 'object'
    ? Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, typeof v === 'string' ? withoutTokens(v) : v]))
    : headers

/** Sends every mail that is due, each at most once at a time across workers; failures are rescheduled. */
export async function deliverDueMail(
  payload: Payload,
  now = new Date(),
  transport: MailTransport = mailTransport(),
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 }
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString()
  const due = await payload.find({
    collection: 'mail-outbox',
    where: {
      or: [
        {
          and: [
            { status: { equals: 'queued' } },
            { nextAttemptAt: { less_than_equal: now.toISOString() } },
            { or: [{ sendAfter: { exists: false } }, { sendAfter: { less_than_equal: now.toISOString() } }] },
          ],
        },
        { and: [{ status: { equals: 'sending' } }, { claimedAt: { less_than: staleBefore } }] },
      ],
    },
    sort: 'createdAt',
    limit: BATCH_SIZE,
    depth: 0,
    overrideAccess: true,
  })
  // A few mails at a time: sending is mostly waiting on the SMTP server.
  const queue = [...due.docs]
  const sendNext = async (): Promise<void> => {
    for (let mail = queue.shift(); mail; mail = queue.shift()) {
      if (!(await claim(payload, mail.id, now))) continue
      const attempts = (mail.attempts ?? 0) + 1
      try {
        const { messageId } = await transport.send(outgoing(mail))
        await payload.update({
          collection: 'mail-outbox',
          id: mail.id,
          data: {
            status: 'sent',
            attempts,
            sentAt: new Date().toISOString(),
            messageId,
            lastError: null,
            text: withoutTokens(mail.text),
            html: mail.html ? withoutTokens(mail.html) : mail.html,
            headers: headersWithoutTokens(mail.headers) as MailOutbox['headers'],
          },
          overrideAccess: true,
          depth: 0,
        })
        report.sent += 1
      } catch (error) {
        // OUTBOX_RETRY_BASE_MS shortens the schedule (tests); the default starts at 30 seconds.
        const outcome = afterFailedAttempt(attempts, now, Number(process.env.OUTBOX_RETRY_BASE_MS) || undefined)
        await payload.update({
          collection: 'mail-outbox',
          id: mail.id,
          data: {
            status: outcome.status,
            attempts,
            lastError: error instanceof Error ? error.message.slice(0, 2000) : String(error),
            ...(outcome.status === 'queued' ? { nextAttemptAt: outcome.nextAttemptAt.toISOString() } : {}),
          },
          overrideAccess: true,
          depth: 0,
        })
        if (outcome.status === 'failed') report.failed += 1
        else report.retried += 1
      }
    }
  }
  await Promise.all(Array.from({ length: SEND_CONCURRENCY }, sendNext))
  return report
}
