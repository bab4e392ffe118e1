import { beforeAll, beforeEach } from 'vitest'

import type { TestDatabase } from '../../support/database'
import { anIssue, someSubscribers } from '../../support/scenarios'
import { testSite } from '../../support/site'

/** The newsletter's sender and the coach's actions on an issue, loaded once the suite's site is up. */
export type Sender = {
  sending: typeof import('@/features/newsletter/sending')
  actions: typeof import('@/features/newsletter/issue-actions')
  transport: typeof import('@/platform/mail/transport')
}

/**
 * The site for a newsletter suite (call it inside the suite's describe): a real SMTP peer, retries and the
 * sender's rest after a "try later" in milliseconds, not half a minute; before each test no subscriber, issue
 * or delivery left, and subscribers and issues named after that test, so no two tests share an address.
 * `sender` holds the sender's modules (after the suite's beforeAll), and `sendUntilDone` runs the sender.
 */
export function newsletterSite(setup: () => Promise<TestDatabase>) {
  const site = testSite(setup, { smtp: true, env: { NEWSLETTER_REST_MS: '20', OUTBOX_RETRY_BASE_MS: '10' } })
  let test = 0
  const sender = {} as Sender
  beforeAll(async () => {
    // Loaded after the site set the environment they read.
    sender.sending = await import('@/features/newsletter/sending')
    sender.actions = await import('@/features/newsletter/issue-actions')
    sender.transport = await import('@/platform/mail/transport')
  })
  beforeEach(async () => {
    test += 1
    for (const collection of ['newsletter-deliveries', 'newsletters', 'subscribers'] as const) {
      await site.payload.db.deleteMany({ collection, where: { id: { exists: true } } })
    }
  })
  return {
    site,
    subscribers: (count: number, status: 'confirmed' | 'pending' | 'unsubscribed') =>
      someSubscribers(site.payload, count, status, test),
    anIssue: (subject = `Letter ${test}`) => anIssue(site.payload, subject),
    sender,
    /** Runs the sender, as its timer would, until the issue is no longer sending (or `passes` run out). */
    sendUntilDone: async (id: number, windows: { limit: number; windowMs: number }[] = [], passes = 50) => {
      for (let i = 0; i < passes; i++) {
        await sender.sending.runNewsletterSender(site.payload, sender.transport.bulkMailTransport(), { windows })
        const issue = await site.payload.findByID({ collection: 'newsletters', id, overrideAccess: true })
        if (issue.status !== 'sending') return issue
        await new Promise((r) => setTimeout(r, 20))
      }
      return site.payload.findByID({ collection: 'newsletters', id, overrideAccess: true })
    },
  }
}
