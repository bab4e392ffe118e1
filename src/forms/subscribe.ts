import type { Payload } from 'payload'

import { EMAIL_MESSAGE, RATE_LIMITED, SUBSCRIBE_SUCCESS, subscribeSchema, TOO_FAST } from '@/domain/forms'
import { hashToken, keyedHash, newToken, unsubscribeToken } from '@/domain/tokens'
import { payloadSecret } from '@/cms/secret'
import { enqueueMail } from '@/mail/outbox'
import { mailSettings } from '@/mail/settings'
import { subscribeConfirmation } from '@/mail/templates'
import type { FormClient } from './client'
import { guardFormPost } from './guard'
import { keptValues, type FormResult } from './results'
import { inTransaction } from './transaction'

export type SubscribeSource = 'footer' | 'workshops'

/**
 * A newsletter sign-up. The answer is the same whatever the address's state, so nobody can learn who is
 * subscribed. New, pending and unsubscribed addresses get a (fresh) confirmation mail; a confirmed address
 * gets nothing, since it is already subscribed.
 */
export async function subscribe(
  payload: Payload,
  raw: Record<string, unknown>,
  source: SubscribeSource,
  client: FormClient,
  now = new Date(),
): Promise<FormResult<'email'>> {
  const values = keptValues(raw, ['email'])
  const parsed = subscribeSchema.safeParse(raw)
  const email = parsed.success ? parsed.data.email.toLowerCase() : null
  const keys = [client.ipHash, ...(email ? [keyedHash(payloadSecret(), email)] : [])]

  const guard = await guardFormPost(payload, 'subscribe', raw, keys, now)
  if (guard === 'bot') return { status: 'ok', message: SUBSCRIBE_SUCCESS }
  if (guard === 'rate-limited') return { status: 'rate-limited', message: RATE_LIMITED, values }
  if (guard === 'too-fast') return { status: 'invalid', message: TOO_FAST, errors: {}, values }
  if (!email) return { status: 'invalid', message: EMAIL_MESSAGE, errors: { email: EMAIL_MESSAGE }, values }

  const settings = await mailSettings(payload)
  await inTransaction(payload, async (req) => {
    const existing = await payload.find({
      collection: 'subscribers',
      where: { email: { equals: email } },
      limit: 1,
      overrideAccess: true,
      req,
    })
    const current = existing.docs[0]
    if (current?.status === 'confirmed') return
    const confirm = newToken()
    const unsubscribe = unsubscribeToken(payloadSecret(), email)
    const data = {
      email,
      status: 'pending' as const,
      source,
      requestedAt: now.toISOString(),
      confirmTokenHash: confirm.hash,
      unsubscribeTokenHash: hashToken(unsubscribe),
    }
    const subscriber = current
      ? await payload.update({ collection: 'subscribers', id: current.id, data, overrideAccess: true, req })
      : await payload.create({ collection: 'subscribers', data, overrideAccess: true, req })
    await enqueueMail(
      payload,
      {
        kind: 'newsletter-confirmation',
        mail: subscribeConfirmation(email, confirm.token, unsubscribe, settings),
        now,
        reference: `subscribers:${subscriber.id}`,
      },
      req,
    )
  })
  return { status: 'ok', message: SUBSCRIBE_SUCCESS }
}

/** The confirmation page's button: a pending subscription with this token becomes confirmed. */
export async function confirmSubscription(
  payload: Payload,
  token: string,
  now = new Date(),
): Promise<'confirmed' | 'invalid'> {
  if (!token) return 'invalid'
  const found = await payload.find({
    collection: 'subscribers',
    where: { confirmTokenHash: { equals: hashToken(token) } },
    limit: 1,
    overrideAccess: true,
  })
  const sub = found.docs[0]
  if (!sub || sub.status === 'unsubscribed') return 'invalid'
  if (sub.status === 'confirmed') return 'confirmed'
  await payload.update({
    collection: 'subscribers',
    id: sub.id,
    data: { status: 'confirmed', consentAt: now.toISOString() },
    overrideAccess: true,
  })
  return 'confirmed'
}

/** One-click unsubscribe; idempotent: unsubscribing twice is the same as once. */
export async function unsubscribe(
  payload: Payload,
  token: string,
  now = new Date(),
): Promise<'unsubscribed' | 'invalid'> {
  if (!token) return 'invalid'
  const found = await payload.find({
    collection: 'subscribers',
    where: { unsubscribeTokenHash: { equals: hashToken(token) } },
    limit: 1,
    overrideAccess: true,
  })
  const sub = found.docs[0]
  if (!sub) return 'invalid'
  if (sub.status !== 'unsubscribed') {
    await payload.update({
      collection: 'subscribers',
      id: sub.id,
      data: { status: 'unsubscribed', unsubscribedAt: now.toISOString() },
      overrideAccess: true,
    })
  }
  return 'unsubscribed'
}
