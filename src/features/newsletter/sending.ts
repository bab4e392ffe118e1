import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'

import { sql } from 'drizzle-orm'
import type { Payload, Where } from 'payload'

import { afterFailedAttempt } from '@/domain/outbox-schedule'
import { waitBeforeNextInAll, type SendWindow } from '@/domain/send-window'
import { hashToken, unsubscribeToken } from '@/domain/tokens'
import type { Newsletter, NewsletterDelivery, Subscriber } from '@/payload-types'
import { revalidateFromBackground } from '@/platform/cache/revalidate'
import { mailSettings } from '@/platform/mail/settings'
import type { MailTransport } from '@/platform/mail/transport'
import { payloadSecret } from '@/platform/secret'
import { leaving } from './leaving'
import { issueContent, newsletterHeaders, unsubscribeLinks } from './mails'
import { newsletterMessageId } from './message-id'
import type { DeliveryStatus } from './NewsletterDeliveries'
import { smtpOutcome, UNCERTAIN_REASON } from './smtp-outcome'

/*
 * Sending an issue, exactly once per recipient and honestly:
 * - One process sends at a time: the one holding the issue's lease (`leaseHolder` until `leaseUntil`, taken
 *   and renewed by a conditional update). A second instance waits; it takes over when the lease runs out.
 * - Each mail is claimed (queued → sending) just before its SMTP transaction and its outcome written right
 *   after; `dataBegunAt` is written (and awaited) before any of its content leaves for the server, once the
 *   server took the envelope and DATA. A row still "sending" when its sender is gone (killed, crashed) with
 *   `dataBegunAt` was cut while the server may have taken it: the next holder marks it uncertain, never sends
 *   it again by itself (at most the number of mails sent at once can be). One without it never got its
 *   content to the server and goes back to the queue. A connection lost before that point is tried again.
 * - The throttle (src/domain/send-window.ts) counts every open transaction and every one ended within the
 *   window, read back from the rows when a process takes the lease: it holds across restarts and instances.
 * - Who is still subscribed is read with each batch: an unsubscribe takes effect before the next batch.
 */

/** This process, as a lease holder: host, pid and a random part (a pid can come again after a restart). */
export const HOLDER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
/**
 * How long the lease holds unless renewed (it is renewed every second while sending): how long another
 * instance waits after the sender died before it carries on (NEWSLETTER_LEASE_MS, default a minute).
 */
const LEASE_MS = Number(process.env.NEWSLETTER_LEASE_MS ?? 60_000)
/** Mails handed to SMTP at once, each on its own connection (NEWSLETTER_CONNECTIONS, default 3). */
export const SEND_CONCURRENCY = Math.max(1, Number(process.env.NEWSLETTER_CONNECTIONS ?? 3))
const BATCH = 50
/** After a "try later" from the server (or none at all), every connection rests this long. */
const REST_MS = Number(process.env.NEWSLETTER_REST_MS ?? 30_000)

/** NEWSLETTER_PER_MINUTE (default 60; 0 turns it off) and NEWSLETTER_PER_HOUR (optional). */
export function sendWindows(env: NodeJS.ProcessEnv = process.env): SendWindow[] {
  const perMinute = Number(env.NEWSLETTER_PER_MINUTE ?? 60)
  const perHour = Number(env.NEWSLETTER_PER_HOUR ?? 0)
  return [
    ...(perMinute > 0 ? [{ limit: perMinute, windowMs: 60_000 }] : []),
    ...(perHour > 0 ? [{ limit: perHour, windowMs: 3_600_000 }] : []),
  ]
}

/** How late a scheduled issue may still go out by itself (the site was down at its time); later it waits. */
export const SCHEDULE_GRACE_MS = Number(process.env.NEWSLETTER_GRACE_MINUTES ?? 60) * 60_000

const iso = (d: Date | number) => new Date(d).toISOString()

/** One conditional UPDATE: true when the row matched (of two racing writers, one wins). */
async function transition<T extends 'newsletters' | 'newsletter-deliveries'>(
  payload: Payload,
  collection: T,
  id: number | string,
  condition: Where,
  data: Record<string, unknown>,
): Promise<boolean> {
  const row: unknown = await payload.db.updateOne({
    collection,
    where: { and: [{ id: { equals: id } }, condition] },
    data,
    options: { atomic: true },
  })
  return row != null
}

/**
 * Freezes the recipients and starts sending: one delivery row per confirmed subscriber whose consent is from
 * before `now`, written by one INSERT … SELECT (a list of any length, no subscriber held in memory). Run
 * twice it writes each row once (the unique index), so a crash between the two steps is harmless.
 */
export async function startIssue(payload: Payload, id: number | string, now = new Date()): Promise<boolean> {
  const started = await transition(
    payload,
    'newsletters',
    id,
    { status: { in: ['draft', 'scheduled', 'held'] } },
    { status: 'sending', startedAt: iso(now), notice: null, finishedAt: null },
  )
  if (!started) return false
  await freezeRecipients(payload, id, now)
  return true
}

async function freezeRecipients(payload: Payload, id: number | string, now: Date): Promise<void> {
  const at = iso(now)
  const db = payload.db as unknown as {
    name: string
    drizzle: { run?: (q: unknown) => Promise<unknown>; execute?: (q: unknown) => Promise<unknown> }
  }
  if (db.name === 'postgres') {
    await db.drizzle.execute!(sql`
      INSERT INTO newsletter_deliveries (newsletter_id, subscriber_id, email, status, attempts, updated_at, created_at)
      SELECT ${Number(id)}, s.id, s.email, 'queued', 0, ${at}::timestamptz, ${at}::timestamptz
      FROM subscribers s WHERE s.status = 'confirmed' AND s.consent_at <= ${at}::timestamptz
      ON CONFLICT DO NOTHING`)
  } else {
    await db.drizzle.run!(sql`
      INSERT INTO newsletter_deliveries (newsletter_id, subscriber_id, email, status, attempts, updated_at, created_at)
      SELECT ${Number(id)}, s.id, s.email, 'queued', 0, ${at}, ${at}
      FROM subscribers s WHERE s.status = 'confirmed' AND s.consent_at <= ${at}
      ON CONFLICT DO NOTHING`)
  }
  const total = await payload.count({ collection: 'newsletter-deliveries', where: { newsletter: { equals: id } } })
  await payload.db.updateOne({ collection: 'newsletters', id, data: { recipients: total.totalDocs } })
}

export type SenderReport = {
  started: number
  held: number
  sent: number
  deferred: number
  failed: number
  uncertain: number
}

const TOUCHABLE: Where = { status: { in: ['queued', 'deferred'] } }

/**
 * One pass of the sender: starts scheduled issues that are due (or holds those past the grace period), then
 * sends the issue under way, if this process gets its lease, until it is done, paused, cancelled, waiting
 * for a retry, or `signal` asks to stop. Safe to run in several processes at once.
 */
export async function runNewsletterSender(
  payload: Payload,
  transport: MailTransport,
  {
    now = () => new Date(),
    signal,
    windows = sendWindows(),
  }: { now?: () => Date; signal?: AbortSignal; windows?: SendWindow[] } = {},
): Promise<SenderReport> {
  const report: SenderReport = { started: 0, held: 0, sent: 0, deferred: 0, failed: 0, uncertain: 0 }
  const due = await payload.find({
    collection: 'newsletters',
    where: { and: [{ status: { equals: 'scheduled' } }, { scheduledAt: { less_than_equal: iso(now()) } }] },
    depth: 0,
    limit: 10,
    overrideAccess: true,
  })
  for (const issue of due.docs) {
    const late = now().getTime() - new Date(issue.scheduledAt ?? 0).getTime()
    if (late > SCHEDULE_GRACE_MS) {
      const notice =
        'Not sent: the site was not running at the time this issue was scheduled for (see “Send at”). Send it now, or schedule it again.'
      if (
        await transition(
          payload,
          'newsletters',
          issue.id,
          { status: { equals: 'scheduled' } },
          { status: 'held', notice },
        )
      )
        report.held += 1
    } else if (await startIssue(payload, issue.id, now())) report.started += 1
  }
  const sending = await payload.find({
    collection: 'newsletters',
    where: { status: { equals: 'sending' } },
    sort: 'startedAt',
    depth: 1,
    limit: 1,
    overrideAccess: true,
  })
  const issue = sending.docs[0]
  if (issue && !signal?.aborted) await sendIssue(payload, transport, issue, report, { now, signal, windows })
  return report
}

async function takeLease(payload: Payload, id: number | string, now: Date): Promise<boolean> {
  return transition(
    payload,
    'newsletters',
    id,
    {
      and: [
        { status: { equals: 'sending' } },
        {
          or: [
            { leaseUntil: { exists: false } },
            { leaseUntil: { less_than: iso(now) } },
            { leaseHolder: { equals: HOLDER } },
          ],
        },
      ],
    },
    { leaseHolder: HOLDER, leaseUntil: iso(now.getTime() + LEASE_MS) },
  )
}

async function sendIssue(
  payload: Payload,
  transport: MailTransport,
  issue: Newsletter,
  report: SenderReport,
  { now, signal, windows }: { now: () => Date; signal?: AbortSignal; windows: SendWindow[] },
): Promise<void> {
  if (!(await takeLease(payload, issue.id, now()))) return
  try {
    report.uncertain += await recoverCut(payload, issue.id, now())
    const longest = Math.max(0, ...windows.map((w) => w.windowMs))
    const ended = longest
      ? (
          await payload.find({
            collection: 'newsletter-deliveries',
            where: { endedAt: { greater_than: iso(now().getTime() - longest) } },
            pagination: false,
            select: { endedAt: true },
            depth: 0,
            overrideAccess: true,
          })
        ).docs.map((d) => new Date(d.endedAt!).getTime())
      : []
    const settings = await mailSettings(payload)
    // React Email loads with the first issue sent, not with the server.
    const { personalize, renderIssueTemplate } = await import('./issue-mail')
    const template = await renderIssueTemplate(issueContent(issue, settings))
    const host = new URL(settings.siteUrl).hostname
    const secret = payloadSecret()
    const sender = new IssueSender(payload, transport, issue, report, { now, signal, windows, ended }, secret)
    await sender.run((d) => {
      const token = unsubscribeToken(secret, d.email)
      const content = personalize(template, unsubscribeLinks(settings, token).page)
      return {
        from: settings.from,
        to: d.email,
        replyTo: settings.coachEmail,
        subject: issue.subject,
        text: content.text,
        html: content.html,
        messageId: newsletterMessageId(issue.id, d.id, host),
        headers: { ...newsletterHeaders(settings, token), Precedence: 'bulk' },
      }
    })
    await finishIfDone(payload, issue.id, now())
  } finally {
    // Let another process take over at once when this one stops (paused, done, shutting down).
    await transition(payload, 'newsletters', issue.id, { leaseHolder: { equals: HOLDER } }, { leaseUntil: null }).catch(
      () => {},
    )
  }
}

/**
 * Rows another process left "sending" when it died (its lease ran out): a row whose content had begun to leave
 * (`dataBegunAt`) may have reached the reader and is marked uncertain, never sent again by itself; a row that
 * never got that far cannot have been accepted by the server and goes back to the queue. Each row is moved
 * by a conditional update from the state it was read in: a sender still alive (its lease lost) that marks the
 * row's content as leaving first keeps it (./sending.ts `hand`), and one that comes after a requeue finds the
 * row no longer its own and sends nothing. Answers how many became uncertain.
 */
async function recoverCut(payload: Payload, id: number | string, now: Date): Promise<number> {
  const left = await payload.find({
    collection: 'newsletter-deliveries',
    where: {
      and: [{ newsletter: { equals: id } }, { status: { equals: 'sending' } }, { claimedBy: { not_equals: HOLDER } }],
    },
    pagination: false,
    depth: 0,
    select: { claimedBy: true, dataBegunAt: true },
    overrideAccess: true,
  })
  let uncertain = 0
  for (const row of left.docs) {
    const as: Where[] = [{ status: { equals: 'sending' } }, { claimedBy: { equals: row.claimedBy } }]
    if (
      await transition(
        payload,
        'newsletter-deliveries',
        row.id,
        { and: [...as, { dataBegunAt: { exists: true } }] },
        { status: 'uncertain', endedAt: iso(now), reason: UNCERTAIN_REASON },
      )
    )
      uncertain += 1
    else
      await transition(
        payload,
        'newsletter-deliveries',
        row.id,
        { and: [...as, { dataBegunAt: { exists: false } }] },
        { status: 'queued', claimedBy: null, claimedAt: null },
      )
  }
  return uncertain
}

/** Sent when no recipient is left to try: an issue is never "sent" while one is queued, deferred or under way. */
async function finishIfDone(payload: Payload, id: number | string, now: Date): Promise<void> {
  const left = await payload.count({
    collection: 'newsletter-deliveries',
    where: { and: [{ newsletter: { equals: id } }, { status: { in: ['queued', 'deferred', 'sending'] } }] },
  })
  if (left.totalDocs === 0) {
    const sent = await transition(
      payload,
      'newsletters',
      id,
      { status: { equals: 'sending' } },
      { status: 'sent', finishedAt: iso(now) },
    )
    // Now in the site's archive (when it is on): its pages and feed show it on their next request.
    if (sent) revalidateFromBackground(['newsletter-issues'], payload)
  }
}

type Outgoing = Parameters<MailTransport['send']>[0]

/** A delivery as a batch reads it: without its issue, which the sender holds. */
type BatchDelivery = Omit<NewsletterDelivery, 'newsletter'>

/** The sending of one issue by the lease holder: a few connections, one throttle, batches of recipients. */
class IssueSender {
  private queue: BatchDelivery[] = []
  private open = 0
  private restUntil = 0
  private stopped = false
  private lastRenewal = 0
  private exhausted = false
  private wakeUps: (() => void)[] = []
  private readonly ended: number[]

  constructor(
    private readonly payload: Payload,
    private readonly transport: MailTransport,
    private readonly issue: Newsletter,
    private readonly report: SenderReport,
    private readonly o: { now: () => Date; signal?: AbortSignal; windows: SendWindow[]; ended: number[] },
    private readonly secret: string,
  ) {
    this.ended = o.ended
    o.signal?.addEventListener('abort', () => this.wakeAll(), { once: true })
  }

  async run(mailFor: (d: BatchDelivery) => Outgoing): Promise<void> {
    await Promise.all(Array.from({ length: SEND_CONCURRENCY }, () => this.loop(mailFor)))
  }

  private get done() {
    return this.stopped || this.o.signal?.aborted === true
  }

  private wakeAll() {
    for (const w of this.wakeUps.splice(0)) w()
  }

  private sleep(ms: number | null): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === null ? undefined : setTimeout(wake, ms)
      function wake() {
        clearTimeout(timer)
        resolve()
      }
      this.wakeUps.push(wake)
    })
  }

  /** Keeps the lease, and notices a pause or a cancel: at most once a second, shared by the connections. */
  private async stillSending(): Promise<boolean> {
    const now = this.o.now().getTime()
    if (now - this.lastRenewal < 1000) return !this.stopped
    this.lastRenewal = now
    const kept = await transition(
      this.payload,
      'newsletters',
      this.issue.id,
      { and: [{ status: { equals: 'sending' } }, { leaseHolder: { equals: HOLDER } }] },
      { leaseUntil: iso(now + LEASE_MS) },
    )
    if (!kept) this.stopped = true
    return kept
  }

  private async next(): Promise<BatchDelivery | undefined> {
    if (this.queue.length === 0 && !this.exhausted) {
      const batch = await this.payload.find({
        collection: 'newsletter-deliveries',
        where: {
          and: [
            { newsletter: { equals: this.issue.id } },
            {
              or: [
                { status: { equals: 'queued' } },
                {
                  and: [{ status: { equals: 'deferred' } }, { nextAttemptAt: { less_than_equal: iso(this.o.now()) } }],
                },
              ],
            },
          ],
        },
        sort: 'id',
        limit: BATCH,
        // The subscriber is read with the delivery (its state and unsubscribe hash); the issue, which every row
        // of the batch names, is not: it is in hand already, and populating it cost a query per batch.
        depth: 1,
        select: { newsletter: false },
        populate: { subscribers: { status: true, unsubscribeTokenHash: true } },
        overrideAccess: true,
      })
      if (this.queue.length === 0) {
        this.queue.push(...batch.docs)
        if (batch.docs.length < BATCH) this.exhausted = true
      }
    }
    return this.queue.shift()
  }

  private async loop(mailFor: (d: BatchDelivery) => Outgoing): Promise<void> {
    while (!this.done) {
      const now = this.o.now().getTime()
      if (now < this.restUntil) {
        await this.sleep(this.restUntil - now)
        continue
      }
      const wait = waitBeforeNextInAll(this.o.windows, now, this.ended, this.open)
      if (wait !== 0) {
        await this.sleep(wait)
        continue
      }
      // The place is taken at once, before any await: the other connections' checks count it.
      this.open += 1
      let handed = false
      try {
        if (!(await this.stillSending())) return
        const delivery = await this.next()
        if (!delivery) return
        const subscriber = delivery.subscriber
        // Unsubscribed (or bounced, or deleted) since the list was frozen: not mailed.
        if (subscriber == null || (typeof subscriber === 'object' && subscriber.status !== 'confirmed')) {
          await this.settle(delivery, TOUCHABLE, { status: 'unsubscribed', reason: null })
          continue
        }
        const claimed = await transition(this.payload, 'newsletter-deliveries', delivery.id, TOUCHABLE, {
          status: 'sending',
          claimedAt: iso(this.o.now()),
          claimedBy: HOLDER,
          dataBegunAt: null,
        })
        if (!claimed) continue
        if (typeof subscriber === 'object') await this.keepUnsubscribeWorking(subscriber, delivery.email)
        handed = true
        await this.hand(delivery, mailFor(delivery))
      } finally {
        this.open -= 1
        if (handed && this.o.windows.length > 0) this.ended.push(this.o.now().getTime())
        this.wakeAll()
      }
    }
  }

  /**
   * The mail's unsubscribe link carries the token derived from the address and today's secret; the
   * subscriber is found by its hash. A subscriber whose stored hash is from another secret (PAYLOAD_SECRET
   * changed since they subscribed) gets today's, so the link in this mail works.
   */
  private async keepUnsubscribeWorking(subscriber: Subscriber, email: string): Promise<void> {
    const hash = hashToken(unsubscribeToken(this.secret, email))
    if ((subscriber as { unsubscribeTokenHash?: string | null }).unsubscribeTokenHash === hash) return
    await this.payload.db.updateOne({
      collection: 'subscribers',
      id: subscriber.id,
      data: { unsubscribeTokenHash: hash },
    })
  }

  /** Only this process's claim is settled: a row another holder marked uncertain meanwhile is corrected. */
  private settle(delivery: BatchDelivery, condition: Where, data: Record<string, unknown>) {
    return transition(this.payload, 'newsletter-deliveries', delivery.id, condition, {
      ...data,
      endedAt: iso(this.o.now()),
    })
  }

  private async hand(delivery: BatchDelivery, mail: Outgoing): Promise<void> {
    const mine: Where = { and: [{ claimedBy: { equals: HOLDER } }, { status: { in: ['sending', 'uncertain'] } }] }
    const attempts = (delivery.attempts ?? 0) + 1
    // Written before any of the mail's content leaves (the transport waits for it): from then on the server may
    // have the mail. Only while the row is still this process's claim; else nothing of it is sent.
    let dataBegun = false
    const beforeData = async () => {
      const kept = await transition(
        this.payload,
        'newsletter-deliveries',
        delivery.id,
        { and: [{ claimedBy: { equals: HOLDER } }, { status: { equals: 'sending' } }] },
        { dataBegunAt: iso(this.o.now()) },
      )
      if (!kept) throw new Error('This mail is no longer this sender’s to send (another took the issue over).')
      dataBegun = true
    }
    try {
      const { messageId } = await this.transport.send(mail, { beforeData })
      await this.settle(delivery, mine, {
        status: 'sent',
        attempts,
        sentAt: iso(this.o.now()),
        messageId,
        reason: null,
      })
      this.report.sent += 1
      return
    } catch (error) {
      const outcome = smtpOutcome(error, dataBegun)
      const status = ((): DeliveryStatus => {
        switch (outcome.kind) {
          case 'deferred':
            return afterFailedAttempt(attempts, this.o.now()).status === 'failed' ? 'failed' : 'deferred'
          case 'stop':
            return 'queued'
          default:
            return outcome.kind
        }
      })()
      const retry = afterFailedAttempt(attempts, this.o.now(), Number(process.env.OUTBOX_RETRY_BASE_MS) || undefined)
      await this.settle(delivery, mine, {
        status,
        attempts: outcome.kind === 'stop' ? (delivery.attempts ?? 0) : attempts,
        reason: outcome.reason,
        messageId: mail.messageId ?? null,
        ...(status === 'deferred' && retry.status === 'queued' ? { nextAttemptAt: iso(retry.nextAttemptAt) } : {}),
      })
      if (status === 'deferred') this.report.deferred += 1
      else if (status === 'uncertain') this.report.uncertain += 1
      else if (status !== 'queued') this.report.failed += 1
      if (outcome.kind === 'bounced' && delivery.subscriber != null) {
        await this.payload.db.updateOne({
          collection: 'subscribers',
          where: { and: [{ id: { equals: idOf(delivery.subscriber) } }, { status: { equals: 'confirmed' } }] },
          data: { status: 'bounced', ...(await leaving(this.payload, 'bounce', this.o.now(), outcome.reason)) },
        })
      }
      if (outcome.kind === 'deferred' && outcome.slowDown) this.restUntil = this.o.now().getTime() + REST_MS
      if (outcome.kind === 'stop') {
        this.stopped = true
        await transition(
          this.payload,
          'newsletters',
          this.issue.id,
          { status: { equals: 'sending' } },
          {
            status: 'paused',
            notice: `Paused: the mail server refused to send (${outcome.reason}). Check the mail settings, then resume.`,
          },
        )
      }
    }
  }
}

const idOf = (v: number | string | { id: number | string }) => (typeof v === 'object' ? v.id : v)
