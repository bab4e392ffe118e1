import type { Metadata } from 'next'
import Link from 'next/link'

import { PageIntro } from '@/components/PageIntro'
import { sitePageMetadata } from '@/features/pages/metadata'
import {
  ARCHIVE_DESCRIPTION,
  ARCHIVE_PATH,
  ARCHIVE_TITLE,
  ATOM_PATH,
  issuePath,
  RSS_PATH,
  type Archive,
  type ArchiveIssue,
} from './archive'
import { IssueCopy } from './IssueCopy'

/*
 * The archive's pages: the list of sent issues and one issue. Lean like every public page (no script of
 * their own), each naming the feeds in its head for feed readers.
 */

/** The feeds, as a page's head names them (<link rel="alternate">). */
const feeds = (siteName: string): NonNullable<Metadata['alternates']>['types'] => ({
  'application/atom+xml': [{ url: ATOM_PATH, title: `${siteName}: the newsletter (Atom)` }],
  'application/rss+xml': [{ url: RSS_PATH, title: `${siteName}: the newsletter (RSS)` }],
})

async function withFeeds(page: { title: string; description: string; path: string }, siteName: string) {
  const metadata = await sitePageMetadata(page)
  return { ...metadata, alternates: { ...metadata.alternates, types: feeds(siteName) } } satisfies Metadata
}

export const archiveMetadata = (siteName: string) =>
  withFeeds({ title: ARCHIVE_TITLE, description: ARCHIVE_DESCRIPTION, path: ARCHIVE_PATH }, siteName)

export const issueMetadata = (issue: ArchiveIssue, siteName: string) =>
  withFeeds(
    {
      title: issue.subject,
      description: issue.preheader ?? `The newsletter of ${issue.date}.`,
      path: issuePath(issue.slug),
    },
    siteName,
  )

/** /newsletter: the sent issues, newest first. */
export function ArchiveIndex({ archive }: { archive: Extract<Archive, { on: true }> }) {
  return (
    <>
      <PageIntro title={ARCHIVE_TITLE}>
        <p className="lead">Every issue sent so far, newest first.</p>
        <p>
          <a href={ATOM_PATH}>Follow the newsletter in a feed reader</a>
        </p>
      </PageIntro>
      <section className="section" aria-label="Past issues">
        <div className="container container--narrow">
          {archive.issues.length === 0 ? (
            <p className="list-message">No newsletter has been sent yet.</p>
          ) : (
            <ul className="issue-list">
              {archive.issues.map((issue) => (
                <li key={issue.slug}>
                  <h2>
                    <Link href={issuePath(issue.slug)}>{issue.subject}</Link>
                  </h2>
                  <p className="event-meta">
                    <time dateTime={issue.sentAt}>{issue.date}</time>
                  </p>
                  {issue.preheader ? <p>{issue.preheader}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  )
}

/** /newsletter/<slug>: one issue as it went out, without anything of a reader's. */
export function ArchiveIssuePage({ issue }: { issue: ArchiveIssue }) {
  return (
    <>
      <PageIntro title={issue.subject}>
        <p className="event-meta">
          Sent <time dateTime={issue.sentAt}>{issue.date}</time>
        </p>
      </PageIntro>
      <section className="section" aria-label="The newsletter">
        <div className="container container--narrow issue-copy">
          <IssueCopy body={issue.body} />
          <p>
            <Link href={ARCHIVE_PATH}>All past newsletters</Link>
          </p>
        </div>
      </section>
    </>
  )
}
