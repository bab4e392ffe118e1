import { runningPayload } from '@/platform/payload-running'
import { readArchiveSwitch, SHOWN } from './archive-rules'

/**
 * Whether the archive has a page at this address (`slug` null: its index), asked before the page is rendered
 * (src/proxy.ts): a page that is not there gets the site's designed 404, which a rendered page cannot give
 * without JavaScript. False while the database cannot be read, or before the server has started Payload.
 */
export async function archiveHasPage(slug: string | null): Promise<boolean> {
  const payload = runningPayload()
  if (!payload) return false
  try {
    if (!(await readArchiveSwitch(payload))) return false
    if (slug === null) return true
    const { totalDocs } = await payload.count({
      collection: 'newsletters',
      where: { and: [SHOWN, { slug: { equals: slug } }] },
      overrideAccess: true,
    })
    return totalDocs > 0
  } catch (error) {
    console.error('Reading the newsletter archive failed:', error instanceof Error ? error.message : error)
    return false
  }
}
