import type { Payload } from 'payload'

import { mailboxIdentity } from '@/domain/mailbox'
import { hashToken, keyedHash, newToken, unsubscribeToken } from '@/domain/tokens'
import type { FormClient } from '@/platform/forms/client'
import { runForm, type FormDefinition } from '@/platform/forms/pipeline'
import { enqueueMail } from '@/platform/mail/outbox'
import { mailSettings } from '@/platform/mail/settings'
import { payloadSecret } from '@/platform/secret'
import { leaving } from './leaving'
import { subscribeConfirmation } from './mails'
import { subscribeSchema } from './rules'
import { EMAIL_MESSAGE, SUBSCRIBE_SUCCESS, type SubscribeSource } from './texts'

/**
 * A newsletter sign-up. The answer is the same whatever the address's state, so nobody can learn who is
 * subscribed. New, pending and unsubscribed addresses get a (fresh) confirmation mail, at most one a day per
 * inbox; a confirmed address gets nothing, since it is already subscribed.
 */
/** How long after a confirmation mail the same inbox gets no other. */
const CONFIRMATION_INTERVAL_MS = 24 * 60 * 60 * 1000
/**
 * How long a confirmation link works. A sign-up not confirmed by then has expired: its link says "not
 * valid", and the row (an address nobody confirmed) is deleted at the next sign-up.
 */
export const PENDING_EXPIRES_MS = 7 * 24 * 60 * 60 * 1000

export const subscribeForm: FormDefinition<typeof subscribeSchema, 'email'> = {
  name: 'subscribe',
  schema: subscribeSchema,
  fields: ['email'],
  answers: { ok: SUBSCRIBE_SUCCESS, invalid: EMAIL_MESSAGE },
  accept: async (payload, input, { req, now }) => {
    const email = input.email.toLowerCase()
    // Sign-ups nobody confirmed in time are forgotten (the address was never shown to be its owner's).
    await payload.delete({
      collection: 'subscribers',
      where: {
        and: [
          { status: { equals: 'pending' } },
          { requestedAt: { less_than: new Date(now.getTime() - PENDING_EXPIRES_MS).toISOString() } },
        ],
      },
      overrideAccess: true,
      req,
    })
    const existing = await payload.find({
      collection: 'subscribers',
      where: { email: { equals: email } },
      limit: 1,
      overrideAccess: true,
      req,
    })
    const current = existing.docs[0]
    if (current?.status === 'confirmed') return
    // At most one confirmation mail a day per inbox, however the address is written: within a day of the
    // last one its link still works, and nothing more is sent (the visitor's answer is the same).
    const inboxHash = keyedHash(payloadSecret(), mailboxIdentity(email))
    const dayAgo = new Date(now.getTime() - CONFIRMATION_INTERVAL_MS).toISOString()
    const recent = await payload.count({
      collection: 'subscribers',
      where: {
        and: [
          { inboxHash: { equals: inboxHash } },
          { status: { equals: 'pending' } },
          { requestedAt: { greater_than: dayAgo } },
        ],
      },
      overrideAccess: true,
      req,
    })
    if (recent.totalDocs > 0) return
    const confirm = newToken()
    const unsubscribe = unsubscribeToken(payloadSecret(), email)
    const data = {
      email,
      status: 'pending' as const,
      source: input.source,
      requestedAt: now.toISOString(),
      confirmTokenHash: confirm.hash,
      unsubscribeTokenHash: hashToken(unsubscribe),
      inboxHash,
    }
    const subscriber = current
      ? await payload.update({ collection: 'subscribers', id: current.id, data, overrideAccess: true, req })
      : await payload.create({ collection: 'subscribers', data, overrideAccess: true, req })
    const settings = await mailSettings(payload, req)
    const mail = subscribeConfirmation(email, confirm.token, unsubscribe, settings)
    await enqueueMail(
      payload,
      { kind: 'newsletter-confirmation', mail, now, reference: `subscribers:${subscriber.id}` },
      req,
    )
  },
}

export const subscribe = (
  payload: Payload,
  raw: Record<string, unknown>,
  source: SubscribeSource,
  client: FormClient,
  now?: Date,
) => runForm(payload, subscribeForm, { ...raw, source }, client, now)

/** The subscriber a link's token belongs to (only the tokens' hashes are stored). */
async function subscriberByToken(payload: Payload, field: 'confirmTokenHash' | 'unsubscribeTokenHash', token: string) {
  if (!token) return undefined
  const found = await payload.find({
    collection: 'subscribers',
    where: { [field]: { equals: hashToken(token) } },
    limit: 1,
    overrideAccess: true,
  })
  return found.docs[0]
}

/** The confirmation page's button: a pending subscription with this token becomes confirmed. */
export async function confirmSubscription(
  payload: Payload,
  token: string,
  now = new Date(),
): Promise<'confirmed' | 'invalid'> {
  const sub = await subscriberByToken(payload, 'confirmTokenHash', token)
  if (!sub || sub.status === 'unsubscribed') return 'invalid'
  const expired = now.getTime() - new Date(sub.requestedAt ?? 0).getTime() > PENDING_EXPIRES_MS
  if (sub.status === 'pending' && expired) return 'invalid'
  if (sub.status === 'pending') {
    await payload.update({
      collection: 'subscribers',
      id: sub.id,
      // Their own new confirmation: whatever made them leave before no longer stands.
      data: { status: 'confirmed', consentAt: now.toISOString(), leftBecause: null, leftNote: null },
      overrideAccess: true,
    })
  }
  return 'confirmed'
}

/** One-click unsubscribe; idempotent: unsubscribing twice is the same as once. */
export async function unsubscribe(
  payload: Payload,
  token: string,
  now = new Date(),
): Promise<'unsubscribed' | 'invalid'> {
  const sub = await subscriberByToken(payload, 'unsubscribeTokenHash', token)
  if (!sub) return 'invalid'
  if (sub.status !== 'unsubscribed') {
    await payload.update({
      collection: 'subscribers',
      id: sub.id,
      data: { status: 'unsubscribed', unsubscribedAt: now.toISOString(), ...(await leaving(payload, 'reader', now)) },
      overrideAccess: true,
    })
  }
  return 'unsubscribed'
}
