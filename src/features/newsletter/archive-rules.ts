import type { Payload, Where } from 'payload'

/*
 * What the newsletter's archive is, in the fewest words: where it lives, whether it is on, which issues it
 * shows. Shared by its cached reads (./archive.ts) and the proxy's check (./archive-gate.ts), and loading
 * nothing of the Payload config.
 */

export const ARCHIVE_PATH = '/newsletter'

/** What the archive shows: sent issues the coach did not take out of it, with an address. */
export const SHOWN: Where = {
  and: [
    { status: { equals: 'sent' } },
    { showInArchive: { not_equals: false } },
    { slug: { exists: true } },
    { startedAt: { exists: true } },
  ],
}

/** Whether the coach turned the archive on. */
export async function readArchiveSwitch(payload: Payload): Promise<boolean> {
  const doc = await payload.findGlobal({ slug: 'newsletter-archive', depth: 0, overrideAccess: true })
  return doc.enabled === true
}
