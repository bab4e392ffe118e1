import type { Payload } from 'payload'
import { z } from 'zod'

import { normalAddress } from '@/domain/people'
import { composeMail } from '@/features/mail-texts/compose'
import type { FormClient } from '@/platform/forms/client'
import { EMAIL_MESSAGES } from '@/platform/forms/fields'
import { runForm, type FormDefinition } from '@/platform/forms/pipeline'
import { emailField } from '@/platform/forms/rules'
import { composedFromSite } from '@/platform/mail/envelope'
import { enqueueMail } from '@/platform/mail/outbox'
import { mailSettings } from '@/platform/mail/settings'
import { CLIENT_LINK_TEXTS } from './texts'
import { clientKeyOf, clientPath } from './tokens'

/*
 * "Mail me my link" (decision 069): a client who lost the mail with the link to their page types their e-mail
 * address on /client or on the page of a link that is not valid. The answer is the same whether or not the
 * address is a client's, so nobody learns who is; a client's link goes only to their own inbox, through the
 * outbox. The form pipeline's guards apply (honeypot, time to fill, cross-site, rate limit per client and per
 * inbox), the site's hourly ceiling of visitor mail, and at most one link mail per client in a clock hour.
 */

export const clientLinkSchema = z.object({ email: emailField(EMAIL_MESSAGES) })

const HOUR = 60 * 60 * 1000

export const clientLinkForm: FormDefinition<typeof clientLinkSchema, 'email'> = {
  name: 'client-link',
  schema: clientLinkSchema,
  fields: ['email'],
  answers: { ok: CLIENT_LINK_TEXTS.sent, invalid: CLIENT_LINK_TEXTS.invalid },
  accept: async (payload, { email }, { req, now }) => {
    const address = normalAddress(email)
    const found = await payload.find({
      collection: 'purchases',
      where: { and: [{ clientKey: { equals: clientKeyOf(address) } }, { status: { equals: 'paid' } }] },
      sort: 'paidAt',
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
    const first = found.docs[0]
    if (!first) return
    const settings = await mailSettings(payload, req)
    const hour = Math.floor(now.getTime() / HOUR)
    await enqueueMail(
      payload,
      {
        kind: 'client-link',
        now,
        reference: `purchases:${first.id}`,
        // One link mail per client in a clock hour, however often they (or anyone) ask.
        idempotencyKey: `client-link:${first.id}:${hour}`,
        mail: composedFromSite(
          settings,
          first.email,
          composeMail(settings, 'packageClientLink', {
            name: first.agreedName || 'there',
            clientLink: `${settings.siteUrl}${clientPath(address)}`,
          }),
        ),
      },
      req,
    )
  },
}

export const askForClientLink = (payload: Payload, raw: Record<string, unknown>, client: FormClient, now?: Date) =>
  runForm(payload, clientLinkForm, raw, client, now)
