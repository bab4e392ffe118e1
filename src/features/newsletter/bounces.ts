import type { Payload } from 'payload'

import type { BounceMailboxRun } from './bounce-mailbox'
import type { BounceEvent } from './bounce-report'
import { leaving } from './leaving'
import { deliveryOfMessageId } from './message-id'

export type BounceOutcome = 'bounced' | 'complained' | 'ignored'

/**
 * Acts on one report from the bounce mailbox. A hard bounce stops mail to the address (the subscriber is
 * "bounced"), a complaint unsubscribes it; every other kind (a delay, an auto-reply, a reader's reply) is
 * left alone. Anyone can mail the bounce mailbox something shaped like a report, so only a report about a mail
 * the site sent acts: its original Message-ID carries the site's signature (./message-id.ts) and names one of
 * our delivery rows of that issue, and the address it names is that row's (a bounce must name it; a complaint
 * may hide it, but names no other). The subscriber keeps why they left (./leaving.ts), and the coach can
 * restore them. Idempotent: the same report read twice changes nothing more.
 */
export async function applyBounce(payload: Payload, event: BounceEvent, now = new Date()): Promise<BounceOutcome> {
  if (event.kind !== 'hard-bounce' && event.kind !== 'complaint') return 'ignored'
  const named = deliveryOfMessageId(event.originalMessageId)
  if (!named) return 'ignored'
  const delivery = await payload
    .findByID({ collection: 'newsletter-deliveries', id: named.delivery, depth: 0, overrideAccess: true })
    .catch(() => null)
  if (!delivery || Number(delivery.newsletter) !== named.issue) return 'ignored'
  const addresses = event.recipients.map((r) => r.address.toLowerCase())
  const bounced = event.kind === 'hard-bounce'
  if (bounced ? !addresses.includes(delivery.email) : addresses.some((a) => a !== delivery.email)) return 'ignored'
  // The same report read again: nothing more changes (the note keeps the day it first came).
  if (delivery.status === (bounced ? 'bounced' : 'complained')) return bounced ? 'bounced' : 'complained'
  const diagnostic = event.recipients.find((r) => r.address.toLowerCase() === delivery.email)?.diagnostic
  const reason = bounced
    ? (diagnostic ?? 'Bounced (a delivery report said so).')
    : 'The reader marked this mail as spam.'
  await payload.db.updateOne({
    collection: 'newsletter-deliveries',
    id: delivery.id,
    data: { status: bounced ? 'bounced' : 'complained', reason },
  })
  if (delivery.subscriber != null) {
    const left = await leaving(payload, bounced ? 'bounce' : 'complaint', now, diagnostic)
    await payload.db.updateOne({
      collection: 'subscribers',
      where: {
        and: [
          { id: { equals: delivery.subscriber } },
          { status: { in: bounced ? ['confirmed'] : ['confirmed', 'bounced'] } },
        ],
      },
      data: bounced
        ? { status: 'bounced', ...left }
        : { status: 'unsubscribed', unsubscribedAt: now.toISOString(), ...left },
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
