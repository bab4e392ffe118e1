import type { Payload } from 'payload'
import { z } from 'zod'

import { normalAddress } from '@/domain/people'
import { composeMail } from '@/features/mail-texts/compose'
import type { FormClient } from '@/platform/forms/client'
import { EMAIL_MESSAGES } from '@/platform/forms/fields'
import { runForm, type FormDefinition } from '@/platform/forms/pipeline'
import { emailField } from '@/platform/forms/rules'
import { composedFromSite } from '@/platform/mail/envelope'
import { mailSettings } from '@/platform/mail/settings'
import { enqueueMail } from '@/platform/mail/outbox'
import { visitorPostContext } from '@/platform/mail/visitor-ceiling'
import { inTransaction } from '@/platform/transaction'
import { CLIENT_LINK_TEXTS } from './texts'
import { newClientLink } from './client-access'
import { clientKeyOf } from './tokens'

/*
 * "Mail me my link" (decisions 069, 085): a client who lost the mail with the link to their page types their
 * e-mail address on /client or on the page of a link that is not valid. The answer is the same whether or not
 * the address is a client's, and comes at the same time (CLIENT_LINK_ANSWER_MS after the post, whatever was
 * done meanwhile), so nobody learns who is; a link goes only to a client, to the address their purchase has,
 * through the outbox. Each link mailed is a new one and ends the one before (./client-access.ts).
 * The form pipeline's guards apply (honeypot, time to fill, cross-site, rate limit per client and per inbox),
 * the site's hourly ceiling of visitor mail, and at most one link mail per client in a clock hour (a request
 * within the hour of the last mail changes nothing: that mail's link is the current one).
 */

export const clientLinkSchema = z.object({ email: emailField(EMAIL_MESSAGES) })

const HOUR = 60 * 60 * 1000

/** When every accepted post is answered, client or not: longer than mailing a link takes. */
export const CLIENT_LINK_ANSWER_MS = 500

/**
 * The clock the answer waits on: the system's monotonic one. A test puts its own `now` and `wait` in their
 * place to see the wait without spending it (a busy machine's wall clock proves little).
 */
export const clientLinkClock = {
  now: (): number => performance.now(),
  wait: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
}

/** Mails a new link to the client `email` names, when it names one whose page is open. */
async function mailLinkIfClient(payload: Payload, email: string, now: Date): Promise<void> {
  const address = normalAddress(email)
  const found = await payload.find({
    collection: 'purchases',
    where: { and: [{ clientKey: { equals: clientKeyOf(address) } }, { status: { equals: 'paid' } }] },
    sort: 'paidAt',
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  const first = found.docs[0]
  if (!first) return
  // One link mail per client in a clock hour, however often they (or anyone) ask.
  const idempotencyKey = `client-link:${first.id}:${Math.floor(now.getTime() / HOUR)}`
  const mailed = await payload.count({
    collection: 'mail-outbox',
    where: { idempotencyKey: { equals: idempotencyKey } },
  })
  if (mailed.totalDocs > 0) return
  await inTransaction(
    payload,
    async (req) => {
      const settings = await mailSettings(payload, req)
      const link = await newClientLink(payload, address, now, req)
      const { queued } = await enqueueMail(
        payload,
        {
          kind: 'client-link',
          now,
          reference: `purchases:${first.id}`,
          idempotencyKey,
          mail: composedFromSite(
            settings,
            first.email,
            composeMail(settings, 'packageClientLink', {
              name: first.agreedName || 'there',
              clientLink: `${settings.siteUrl}${link.path}`,
            }),
          ),
        },
        req,
      )
      // Held back by the site's ceiling: the link they have stays the current one.
      if (queued) await link.keep()
    },
    // A visitor's post: the link's mail passes the site's ceiling of visitor mail (the outbox counts it).
    visitorPostContext(),
  )
}

export const clientLinkForm: FormDefinition<typeof clientLinkSchema, 'email'> = {
  name: 'client-link',
  schema: clientLinkSchema,
  fields: ['email'],
  answers: { ok: CLIENT_LINK_TEXTS.sent, invalid: CLIENT_LINK_TEXTS.invalid },
  // The link's mail and the new link in one transaction of their own; the answer waits outside it.
  ownTransaction: true,
  accept: async (payload, { email }, { now }) => {
    const answerAt = clientLinkClock.now() + CLIENT_LINK_ANSWER_MS
    // A failure (e.g. the same link mailed by a post at the same moment) answers as any post is answered.
    await mailLinkIfClient(payload, email, now).catch((error: unknown) =>
      console.error('A client link could not be mailed:', error instanceof Error ? error.message : error),
    )
    // A timer may fire a little early by the clock it is read with: waited out until the time has come.
    for (let wait = answerAt - clientLinkClock.now(); wait > 0; wait = answerAt - clientLinkClock.now()) {
      await clientLinkClock.wait(Math.ceil(wait))
    }
  },
}

export const askForClientLink = (payload: Payload, raw: Record<string, unknown>, client: FormClient, now?: Date) =>
  runForm(payload, clientLinkForm, raw, client, now)
