import { convert } from 'html-to-text'
import type { Payload, PayloadEmailAdapter, SendEmailOptions } from 'payload'

import { DEFAULT_BRAND } from '@/domain/brand'
import { DEFAULT_SITE_SETTINGS } from '@/domain/site-defaults'
import { enqueueMail } from './outbox'
import { mailSettings } from './settings'
import { kickOutbox } from './worker'

const addresses = (to: SendEmailOptions['to']): string =>
  [to]
    .flat(2)
    .flatMap((a) => (a == null ? [] : typeof a === 'string' ? [a] : 'address' in a ? [a.address] : []))
    .join(', ')

/** Queues one of Payload's own mails (password reset) in the outbox, from the site's own address. */
async function queuePayloadMail(payload: Payload, message: SendEmailOptions): Promise<void> {
  const settings = await mailSettings(payload)
  const html = typeof message.html === 'string' ? message.html : ''
  const mail = {
    from: settings.from,
    to: addresses(message.to),
    subject: String(message.subject ?? settings.brand.siteName),
    html: html || null,
    // Every mail has a plain-text version; the links stay whole and readable in it.
    text:
      typeof message.text === 'string'
        ? message.text
        : convert(html, { wordwrap: 100, selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }] }),
  }
  await enqueueMail(payload, { kind: 'account', mail, now: new Date() }, {})
  void kickOutbox(payload)
}

/**
 * Payload's own mail (the admin's "Forgot password?") goes the way the site's mail goes: into the outbox,
 * then SMTP_URL or data/outbox/*.eml, retried through an SMTP outage.
 *
 * Payload calls this inside the transaction that stores the reset token and waits for it before committing.
 * The outbox row cannot join that transaction (Payload passes no request), and on SQLite a second writer
 * would wait for the transaction's lock while the transaction waits for us. So the row is written just
 * after: the call returns at once, and the insert goes through as soon as the token is committed.
 */
export const outboxEmailAdapter: PayloadEmailAdapter = ({ payload }) => ({
  name: 'outbox',
  defaultFromName: DEFAULT_BRAND.mailFromName, // unused: every mail gets the sender from mailSettings
  defaultFromAddress: process.env.COACH_EMAIL || DEFAULT_SITE_SETTINGS.email,
  sendEmail: async (message) => {
    queuePayloadMail(payload, message).catch((error: unknown) =>
      console.error('Queueing an account mail failed:', error instanceof Error ? error.message : error),
    )
  },
})
