import type { Payload } from 'payload'

import type { FormClient } from '@/platform/forms/client'
import { runForm, type FormDefinition } from '@/platform/forms/pipeline'
import { enqueueMail } from '@/platform/mail/outbox'
import { mailSettings } from '@/platform/mail/settings'
import { CONTACT_COPY } from '@/features/pages/defaults'
import { contactConfirmation, contactNotification } from './mails'
import { CONTACT_FIELDS, contactSchema, type ContactField } from './rules'
import { CONTACT_INVALID, CONTACT_SUCCESS } from './texts'

/**
 * The contact form: the message and both mails (the coach's notification, the sender's receipt) are written
 * together, so an accepted message is never lost and never mailed without being stored.
 */
export const contactForm: FormDefinition<typeof contactSchema, ContactField> = {
  name: 'contact',
  schema: contactSchema,
  fields: CONTACT_FIELDS,
  answers: { ok: CONTACT_SUCCESS, invalid: CONTACT_INVALID },
  accept: async (payload, msg, { req, now, client }) => {
    const settings = await mailSettings(payload, req)
    const message = await payload.create({
      collection: 'contact-messages',
      data: { ...msg, receivedAt: now.toISOString(), handled: false, ipHash: client.ipHash },
      overrideAccess: true,
      req,
    })
    const reference = `contact-messages:${message.id}`
    const notification = contactNotification(msg, now, settings)
    await enqueueMail(payload, { kind: 'contact-notification', mail: notification, now, reference }, req)
    // The receipt promises the reply time the contact page shows (its published copy).
    const page = await payload.findGlobal({ slug: 'contact-page', depth: 0, req }).catch(() => null)
    const replyTime = page?.replyTime?.trim() || CONTACT_COPY.replyTime
    const confirmation = contactConfirmation(msg.email, replyTime, settings)
    await enqueueMail(payload, { kind: 'contact-confirmation', mail: confirmation, now, reference }, req)
  },
}

export const submitContact = (payload: Payload, raw: Record<string, unknown>, client: FormClient, now?: Date) =>
  runForm(payload, contactForm, raw, client, now)
