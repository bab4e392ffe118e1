import type { Payload, PayloadRequest, Where } from 'payload'

import { afterFailedAttempt, STALE_CLAIM_MS } from '@/domain/outbox-schedule'
import type { MailOutbox } from '@/payload-types'
import { contentWithoutLinks, unsealLinks, type MailContent } from './secret-links'
import { visitorCeiling } from './visitor-ceiling'
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
 * Queues a mail. Its secret links (./secret-links.ts) are stored hidden and sealed by the outbox itself
 * (MailOutbox's hook), whoever queues it. Pass the request of the transaction that writes the row causing the mail: both are then
 * committed together, or neither is. A mail an anonymous visitor's form post causes to an address they typed
 * passes the site's hourly ceiling here (./visitor-ceiling.ts), whatever feature queues it. Returns the outbox
 * row's id, and whether this call queued it (false when the idempotency key was queued before, or when the
 * ceiling held the mail back: then `id` is null).
 */
export async function enqueueMail(
  payload: Payload,
  queued: QueuedMail,
  req: Partial<PayloadRequest>,
): Promise<{ id: number | string | null; queued: boolean }> {
  const { idempotencyKey } = queued
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
  // The ceiling's notice goes to the coach, which the ceiling does not count: it is queued as any mail.
  const ceiling = await visitorCeiling(payload, queued, req, (notice) => enqueueMail(payload, notice, req))
  if (ceiling === 'held') return { id: null, queued: false }
  return insertMail(payload, queued, ceiling === 'counted', req)
}

async function insertMail(
  payload: Payload,
  { kind, mail, now, sendAfter, reference, idempotencyKey }: QueuedMail,
  visitorCaused: boolean,
  req: Partial<PayloadRequest>,
): Promise<{ id: number | string; queued: boolean }> {
  const due = sendAfter && sendAfter > now ? sendAfter : now
  const row = await payload.create({
    collection: 'mail-outbox',
    data: {
      kind,
      ...mailColumns(mail),
      reference: reference ?? null,
      idempotencyKey: idempotencyKey ?? null,
      status: 'queued',
      attempts: 0,
      sendAfter: sendAfter?.toISOString() ?? null,
      nextAttemptAt: due.toISOString(),
      visitorCaused,
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
    // Conditional, like the claim: a worker that took the mail meanwhile wins, and it is sent. A cancelled
    // mail is never sent, so its live links go.
    const cancel = { status: 'cancelled', sealedLinks: null } as const
    if (await transition(payload, mail.id, { status: { equals: 'queued' } }, cancel, req)) {
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

/*
 * A mail and its outbox row: the row keeps each part of the mail in the column of the same name (null where
 * the mail has none), and gives the mail back from them (`outgoing`).
 */
const mailColumns = ({ from, to, replyTo, subject, text, html, headers, attachments, calendar }: OutgoingMail) => ({
  from,
  to,
  replyTo: replyTo ?? null,
  subject,
  text,
  html: html ?? null,
  headers: headers ?? null,
  attachments: attachments ?? null,
  calendar: calendar ?? null,
})

/** What the outbox row shows of the mail, links hidden. */
const readableContent = (mail: MailOutbox): MailContent => ({
  text: mail.text,
  html: mail.html,
  headers: (mail.headers as Record<string, string> | null) ?? undefined,
  attachments: (mail.attachments as MailAttachment[] | null) ?? undefined,
  calendar: (mail.calendar as OutgoingMail['calendar']) ?? undefined,
})

/** Said in the admin when a mail's live links cannot be put back: sent as is, they would not work. */
export const LINKS_LOST =
  'Not sent: this mail’s private links (e.g. to reset a password or to confirm a subscription) could not be restored, because the site’s secret (PAYLOAD_SECRET) changed after the mail was queued. Ask for the mail again (e.g. a new password reset) instead.'

/**
 * The outbox row as the transport sends it: its live links put back from `sealedLinks`. Null when they
 * cannot be opened. A row queued before links were sealed (an older install) holds them in the open and is
 * sent as it is.
 */
function outgoing(mail: MailOutbox): OutgoingMail | null {
  const live = mail.sealedLinks ? unsealLinks(mail.sealedLinks) : {}
  if (!live) return null
  return {
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    ...readableContent(mail),
    ...live,
  }
}

/**
 * Once a mail is sent its live links go: `sealedLinks` is cleared, and the few rows queued before links were
 * sealed get their links hidden now, so no sent row (nor a backup of it) holds a working link.
 */
function afterSending(mail: MailOutbox): Partial<MailOutbox> {
  const shown = readableContent(mail)
  const hidden = contentWithoutLinks(shown)
  const changed = (Object.keys(hidden) as (keyof MailContent)[]).filter(
    (k) => JSON.stringify(hidden[k]) !== JSON.stringify(shown[k]),
  )
  return { sealedLinks: null, ...(Object.fromEntries(changed.map((k) => [k, hidden[k]])) as Partial<MailOutbox>) }
}

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
    // The sealed live links: the worker is the one reader of that field.
    showHiddenFields: true,
  })
  // A few mails at a time: sending is mostly waiting on the SMTP server.
  const queue = [...due.docs]
  const sendNext = async (): Promise<void> => {
    for (let mail = queue.shift(); mail; mail = queue.shift()) {
      if (!(await claim(payload, mail.id, now))) continue
      const attempts = (mail.attempts ?? 0) + 1
      const sending = outgoing(mail)
      if (!sending) {
        // Another try cannot help: the mail fails at once, its sealed links kept in case the secret comes back.
        await payload.update({
          collection: 'mail-outbox',
          id: mail.id,
          data: { status: 'failed', attempts, lastError: LINKS_LOST },
          overrideAccess: true,
          depth: 0,
        })
        report.failed += 1
        continue
      }
      try {
        const { messageId } = await transport.send(sending)
        await payload.update({
          collection: 'mail-outbox',
          id: mail.id,
          data: {
            status: 'sent',
            attempts,
            sentAt: new Date().toISOString(),
            messageId,
            lastError: null,
            ...afterSending(mail),
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
