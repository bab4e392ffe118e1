import { beforeEach } from 'vitest'

import type { TestDatabase } from '../../support/database'
import { anIssue, someSubscribers } from '../../support/scenarios'
import { testSite } from '../../support/site'

/**
 * The site for a newsletter suite (call it inside the suite's describe): a real SMTP peer, retries and the
 * sender's rest after a "try later" in milliseconds, not half a minute; before each test no subscriber, issue
 * or delivery left, and subscribers and issues named after that test, so no two tests share an address.
 */
export function newsletterSite(setup: () => Promise<TestDatabase>) {
  const site = testSite(setup, { smtp: true, env: { NEWSLETTER_REST_MS: '20', OUTBOX_RETRY_BASE_MS: '10' } })
  let test = 0
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
  }
}
