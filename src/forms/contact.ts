import type { Payload } from 'payload'

import { CONTACT_SUCCESS, contactSchema, fieldErrors, RATE_LIMITED, TOO_FAST } from '@/domain/forms'
import { keyedHash } from '@/domain/tokens'
import { payloadSecret } from '@/cms/secret'
import { enqueueMail } from '@/mail/outbox'
import { mailSettings } from '@/mail/settings'
import { contactConfirmation, contactNotification } from '@/mail/templates'
import type { FormClient } from './client'
import { guardFormPost } from './guard'
import { keptValues, type FormResult } from './results'
import { inTransaction } from './transaction'

export type ContactField = 'name' | 'email' | 'inquiryType' | 'message'
const FIELDS = ['name', 'email', 'inquiryType', 'message'] as const

/**
 * A contact form post: spam checks, the shared validation, then the message and both mails written in one
 * transaction (so an accepted message is never lost and never mailed without being stored).
 */
export async function submitContact(
  payload: Payload,
  raw: Record<string, unknown>,
  client: FormClient,
  now = new Date(),
): Promise<FormResult<ContactField>> {
  const values = keptValues(raw, FIELDS)
  const parsed = contactSchema.safeParse(raw)
  const emailKey = parsed.success ? keyedHash(payloadSecret(), parsed.data.email) : null

  const guard = await guardFormPost(payload, 'contact', raw, [client.ipHash, ...(emailKey ? [emailKey] : [])], now)
  if (guard === 'bot') return { status: 'ok', message: CONTACT_SUCCESS }
  if (guard === 'rate-limited') return { status: 'rate-limited', message: RATE_LIMITED, values }
  if (guard === 'too-fast') return { status: 'invalid', message: TOO_FAST, errors: {}, values }
  if (!parsed.success) {
    return {
      status: 'invalid',
      message: 'Please correct the fields marked below.',
      errors: fieldErrors<ContactField>(parsed.error),
      values,
    }
  }

  const msg = parsed.data
  const settings = await mailSettings(payload)
  await inTransaction(payload, async (req) => {
    const message = await payload.create({
      collection: 'contact-messages',
      data: { ...msg, receivedAt: now.toISOString(), handled: false, ipHash: client.ipHash },
      overrideAccess: true,
      req,
    })
    const reference = `contact-messages:${message.id}`
    const notification = contactNotification(msg, now, settings)
    await enqueueMail(payload, { kind: 'contact-notification', mail: notification, now, reference }, req)
    const confirmation = contactConfirmation(msg.email, settings)
    await enqueueMail(payload, { kind: 'contact-confirmation', mail: confirmation, now, reference }, req)
  })
  return { status: 'ok', message: CONTACT_SUCCESS }
}
