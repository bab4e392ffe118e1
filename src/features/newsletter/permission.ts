import type { Access, GlobalConfig, PayloadRequest } from 'payload'

import type { User } from '@/payload-types'
import { admins, authenticated } from '@/platform/access'

/*
 * Who may mail the whole list (send or schedule an issue, resume it, try its failed or uncertain mail again,
 * restore a reader removed by a complaint or a bounce) and download or read its deliveries (every reader's
 * address and what became of their mail): admins always; editors only when an admin ticks "Editors may send
 * the newsletter" (Newsletter → Editors and the newsletter), off by default. One rule (`mayMailTheList`),
 * asked by the newsletter's endpoints (./issue-endpoints.ts, the subscribers' restore) and by the deliveries'
 * read access, so every path (the buttons, the CSV, the REST and GraphQL APIs, the admin's lists) passes it.
 */

export const NEWSLETTER_PERMISSIONS = 'newsletter-permissions'

export async function mayMailTheList(req: Pick<PayloadRequest, 'user' | 'payload'>): Promise<boolean> {
  const user = req.user as User | null
  if (!user) return false
  if (user.role === 'admin') return true
  const setting = await req.payload.findGlobal({ slug: NEWSLETTER_PERMISSIONS, depth: 0, overrideAccess: true })
  return setting.editorsMaySend === true
}

/** For Payload's access rules: the same rule. */
export const listMailers: Access = ({ req }) => mayMailTheList(req)

/** The refusal of an endpoint that mails the list or hands out its deliveries, or null when `req` may. */
export async function listMailRefusal(req: PayloadRequest, doing: string): Promise<Response | null> {
  if (!req.user) return Response.json({ errors: [{ message: 'Please log in.' }] }, { status: 401 })
  if (await mayMailTheList(req)) return null
  return Response.json(
    {
      errors: [
        {
          message: `Only an admin can ${doing}, unless an admin lets editors do it (Newsletter → Editors and the newsletter).`,
        },
      ],
    },
    { status: 403 },
  )
}

/** The admin's switch: whether editors may send the newsletter and read its deliveries. */
export const NewsletterPermissions: GlobalConfig = {
  slug: NEWSLETTER_PERMISSIONS,
  label: 'Editors and the newsletter',
  admin: {
    group: 'Newsletter',
    description:
      'Admins always may send issues to your subscribers and download who got them. Editors may only write, preview and test issues, unless you allow them here.',
  },
  access: { read: authenticated, update: admins },
  fields: [
    {
      name: 'editorsMaySend',
      label: 'Editors may send the newsletter',
      type: 'checkbox',
      defaultValue: false,
      admin: {
        description:
          'Ticked: editors may also send or schedule an issue to all confirmed subscribers, resume it, send failed or uncertain mail again, put back a reader removed after a complaint or a bounce, and see and download each reader’s delivery. Only an admin can change this.',
      },
    },
  ],
}
