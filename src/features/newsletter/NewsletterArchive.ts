import type { GlobalConfig } from 'payload'

import { authenticated } from '@/platform/access'
import { revalidateGlobal } from '@/platform/cache/revalidate'

/**
 * The switch of the newsletter's archive on the site, beside the issues in the admin's "Newsletter" group:
 * off by default. On, /newsletter lists the sent issues, each has its page and the feeds follow them, and the
 * footer's and the workshops page's sign-up forms link to it (./archive.ts).
 */
export const NewsletterArchive: GlobalConfig = {
  slug: 'newsletter-archive',
  label: 'Archive on the site',
  admin: {
    group: 'Newsletter',
    description:
      'Past issues as pages of the site, for visitors deciding whether to subscribe. Nothing of a reader’s is ever in them: no unsubscribe link, no name, no address.',
  },
  access: { read: authenticated, update: authenticated },
  hooks: { afterChange: revalidateGlobal('newsletter-archive') },
  fields: [
    {
      name: 'enabled',
      label: 'Show past issues on the site',
      type: 'checkbox',
      defaultValue: false,
      admin: {
        description:
          'On: the sent issues at /newsletter (newest first), each on its own page, with a feed (Atom and RSS), and a "Read past issues" link under the sign-up forms. Untick "Show in the archive" on an issue to leave it out. Off: none of these pages exist.',
      },
    },
  ],
}
