import type { Payload } from 'payload'

import type { BounceMailboxRun } from './bounce-mailbox'
import type { BounceEvent } from './bounce-report'

/** The Message-ID every newsletter mail carries (sending.ts): which issue, which delivery row. */
const OUR_MESSAGE_ID = /^<newsletter-(\d+)-(\d+)@[^>]+>$/

export type BounceOutcome = 'bounced' | 'complained' | 'ignored'

/**
 * Acts on one report from the bounce mailbox. A hard bounce stops mail to the address (the subscriber is
 * "bounced"), a complaint unsubscribes it; every other kind (a delay, an auto-reply, a reader's reply) is
 * left alone. Only a report about a mail the site sent acts: its original Message-ID names one of our
 * delivery rows, and the address it names (when it names one) is that row's. Anyone can mail the bounce
 * mailbox something shaped like a report. Idempotent: the same report read twice changes nothing more.
 */
export async function applyBounce(payload: Payload, event: BounceEvent): Promise<BounceOutcome> {
  if (event.kind !== 'hard-bounce' && event.kind !== 'complaint') return 'ignored'
  const match = OUR_MESSAGE_ID.exec(event.originalMessageId ?? '')
  if (!match) return 'ignored'
  const delivery = await payload
    .findByID({ collection: 'newsletter-deliveries', id: Number(match[2]), depth: 0, overrideAccess: true })
    .catch(() => null)
  if (!delivery || String(delivery.newsletter) !== match[1]) return 'ignored'
  const named = event.recipients.map((r) => r.address.toLowerCase())
  // A complaint may hide the reader's address; a bounce always names the one that failed.
  if (
    event.kind === 'hard-bounce' ? !named.includes(delivery.email) : named.length > 0 && !named.includes(delivery.email)
  ) {
    return 'ignored'
  }
  const bounced = event.kind === 'hard-bounce'
  const reason = bounced
    ? (event.recipients.find((r) => r.address.toLowerCase() === delivery.email)?.diagnostic ??
      'Bounced (a delivery report said so).')
    : 'The reader marked this mail as spam.'
  await payload.db.updateOne({
    collection: 'newsletter-deliveries',
    id: delivery.id,
    data: { status: bounced ? 'bounced' : 'complained', reason },
  })
  if (delivery.subscriber != null) {
    await payload.db.updateOne({
      collection: 'subscribers',
      where: {
        and: [
          { id: { equals: delivery.subscriber } },
          { status: { in: bounced ? ['confirmed'] : ['confirmed', 'bounced'] } },
        ],
      },
      data: bounced ? { status: 'bounced' } : { status: 'unsubscribed', unsubscribedAt: new Date().toISOString() },
    })
  }
  return bounced ? 'bounced' : 'complained'
}

/** BOUNCE_IMAP_URL (e.g. imaps://user:password@imap.example.com/INBOX) is read at most this often. */
const BOUNCE_INTERVAL_MS = Number(process.env.BOUNCE_INTERVAL_MS ?? 5 * 60_000)
let lastRead = 0

/** Reads the bounce mailbox when one is set and it is time; a failure is logged and tried at the next time. */
export async function readBouncesIfDue(payload: Payload, now = Date.now()): Promise<BounceMailboxRun | null> {
  const url = process.env.BOUNCE_IMAP_URL
  if (!url || now - lastRead < BOUNCE_INTERVAL_MS) return null
  lastRead = now
  try {
    // The IMAP client and the MIME parser load only on a site that has a bounce mailbox.
    const { bounceMailboxFromUrl, readBounceMailbox } = await import('./bounce-mailbox')
    const run = await readBounceMailbox(
      bounceMailboxFromUrl(url),
      async (event) => void (await applyBounce(payload, event)),
    )
    for (const f of run.failures)
      console.error(`Bounce mailbox: a report could not be handled (it stays unread): ${String(f.error)}`)
    return run
  } catch (error) {
    console.error('Bounce mailbox could not be read:', error instanceof Error ? error.message : error)
    return null
  }
}
