import { and, eq, lt, or } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'

import { afterFailedAttempt, STALE_CLAIM_MS } from '@/domain/outbox-schedule'
import { mailTransport, type MailTransport, type OutgoingMail } from './transport'

/**
 * Queues a mail. Pass the request of the transaction that writes the row causing the mail: both are then
 * committed together, or neither is.
 */
export async function enqueueMail(
  payload: Payload,
  kind: string,
  mail: OutgoingMail,
  req: Partial<PayloadRequest>,
  now: Date,
): Promise<void> {
  await payload.create({
    collection: 'mail-outbox',
    data: {
      kind,
      from: mail.from,
      to: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      headers: mail.headers ?? null,
      status: 'queued',
      attempts: 0,
      nextAttemptAt: now.toISOString(),
    },
    overrideAccess: true,
    req,
  })
}

type OutboxTable = Record<'id' | 'status' | 'claimedAt', never>
type Drizzle = {
  update: (table: unknown) => {
    set: (values: Record<string, unknown>) => {
      where: (condition: unknown) => { returning: (fields: Record<string, unknown>) => Promise<unknown[]> }
    }
  }
}

/**
 * Takes one mail for this worker with a single conditional UPDATE: of two workers (or two app instances)
 * racing for the same mail, exactly one gets a row back. A claim older than STALE_CLAIM_MS belongs to a
 * worker that died before it could record the outcome, so it may be taken over.
 */
async function claim(payload: Payload, id: number | string, now: Date): Promise<boolean> {
  const db = payload.db as unknown as { drizzle: Drizzle; tables: Record<string, OutboxTable> }
  const t = db.tables.mail_outbox
  if (!t) throw new Error('mail_outbox table missing')
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString()
  const rows = await db.drizzle
    .update(t)
    .set({ status: 'sending', claimedAt: now.toISOString() })
    .where(and(eq(t.id, id), or(eq(t.status, 'queued'), and(eq(t.status, 'sending'), lt(t.claimedAt, staleBefore)))))
    .returning({ id: t.id })
  return rows.length === 1
}

export type DeliveryReport = { sent: number; retried: number; failed: number }

const SEND_CONCURRENCY = 4
/** Mails looked at per run; a full batch means there may be more due. */
export const BATCH_SIZE = 50

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
        { and: [{ status: { equals: 'queued' } }, { nextAttemptAt: { less_than_equal: now.toISOString() } }] },
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
        const { messageId } = await transport.send({
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          headers: (mail.headers as Record<string, string> | null) ?? undefined,
        })
        await payload.update({
          collection: 'mail-outbox',
          id: mail.id,
          data: { status: 'sent', attempts, sentAt: new Date().toISOString(), messageId, lastError: null },
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
