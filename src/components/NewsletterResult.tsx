import type { Metadata } from 'next'
import type { ReactNode } from 'react'

import { PageIntro } from './PageIntro'

/** The metadata of a newsletter result page: its title and description, never indexed by search engines. */
export function newsletterResultMetadata(title: string, description: string): Metadata {
  return { title, description, robots: { index: false } }
}

/**
 * A page the newsletter's mail links lead to (confirmed, unsubscribed, link not valid, try again): what
 * happened as the page's heading, one lead paragraph saying what it means, and anything after it.
 */
export function NewsletterResult({ title, lead, children }: { title: string; lead: ReactNode; children?: ReactNode }) {
  return (
    <PageIntro title={title}>
      <p className="lead">{lead}</p>
      {children}
    </PageIntro>
  )
}
