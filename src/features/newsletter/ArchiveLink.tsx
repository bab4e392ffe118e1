import Link from 'next/link'

import { ARCHIVE_PATH, getArchiveSwitch } from './archive'

/**
 * Under a sign-up form (the footer's, the workshops page's): a link to the past issues while the archive is
 * on; nothing at all while it is off, so the form's block is exactly as the spec has it.
 */
export async function ArchiveLink() {
  if (!(await getArchiveSwitch())) return null
  return (
    <p className="archive-link">
      <Link href={ARCHIVE_PATH}>Read past issues</Link>
    </p>
  )
}
