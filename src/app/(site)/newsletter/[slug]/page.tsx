import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'

import { getArchiveIssue } from '@/features/newsletter/archive'
import { ArchiveIssuePage, issueMetadata } from '@/features/newsletter/ArchivePages'
import { notFoundMetadata } from '@/features/site/NotFoundView'
import { getSiteSettings } from '@/features/site/site-settings'

type Props = { params: Promise<{ slug: string }> }

/*
 * One sent issue. Which issues exist is known only at run time, so the page is rendered for each request from
 * the cached reads (tagged: an issue sent, hidden or the archive turned off shows on the next request), as the
 * call's manage page is. An address the archive does not have never reaches it: src/proxy.ts answers it with
 * the designed 404 page first (a page rendered per request cannot become a 404 without JavaScript).
 */
export const instant = false

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection()
  const [issue, { brand }] = await Promise.all([getArchiveIssue((await params).slug), getSiteSettings()])
  return issue ? issueMetadata(issue, brand.siteName) : notFoundMetadata(brand.siteName)
}

export default async function NewsletterIssuePage({ params }: Props) {
  await connection()
  const issue = await getArchiveIssue((await params).slug)
  if (!issue) notFound()
  return <ArchiveIssuePage issue={issue} />
}
