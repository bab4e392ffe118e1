import type { GlobalConfig } from 'payload'

import { anyone, authenticated } from '../access'
import { urlField } from '../fields/url'
import { revalidateGlobal } from '@/platform/cache/revalidate'

export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  label: 'Site settings',
  admin: { group: 'Settings' },
  access: { read: anyone, update: authenticated },
  hooks: { afterChange: revalidateGlobal('site-settings') },
  fields: [
    {
      type: 'row',
      fields: [
        { name: 'phone', type: 'text', maxLength: 40, admin: { description: 'Shown in the footer.' } },
        { name: 'email', label: 'E-mail', type: 'email', admin: { description: 'Shown in the footer.' } },
      ],
    },
    {
      name: 'social',
      label: 'Follow Us links',
      type: 'group',
      fields: [
        urlField('instagram', 'Instagram'),
        urlField('facebook', 'Facebook'),
        urlField('blogPlatform', 'Blogging platform (e.g. Medium, Substack)'),
        urlField('linkedin', 'Professional network (LinkedIn)'),
        urlField('whatsapp', 'Chat app (WhatsApp link)'),
      ],
    },
    urlField('externalBlogUrl', 'External blog address', {
      description: 'Where the home page button "Visit my blog" leads.',
    }),
    {
      name: 'introVideoId',
      label: 'Intro video id (YouTube)',
      type: 'text',
      maxLength: 20,
      validate: (value: null | string | undefined) =>
        !value || /^[\w-]{6,20}$/.test(value) || 'Paste only the video id, e.g. "aqz-KE-bpKQ".',
    },
    urlField('externalCalendarUrl', 'External calendar address', {
      description: 'Leave empty to send "View Available Times" to the booking page of this site (/scheduling).',
    }),
  ],
}
