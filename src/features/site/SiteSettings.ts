import { urlField } from '@/platform/fields/url'
import { DEFAULT_BRAND } from '@/domain/brand'
import { settingsGlobal } from './settings-global'

/** A required line of the brand, with its limit said in the coach's terms and the built-in words as default. */
const brandLine = (name: string, label: string, max: number, defaultValue: string, description: string) => ({
  name,
  label,
  type: 'text' as const,
  required: true,
  maxLength: max,
  defaultValue,
  admin: { description: `${description} At most ${max} characters.` },
})

export const SiteSettings = settingsGlobal('site-settings', {
  label: 'Site settings',
  fields: [
    {
      type: 'tabs',
      tabs: [
        {
          name: 'brand',
          label: 'Brand',
          description: 'Who the site is for. Changes show on every page at the next visit.',
          fields: [
            {
              type: 'row',
              fields: [
                brandLine(
                  'coachName',
                  "Coach's name",
                  60,
                  DEFAULT_BRAND.name,
                  'In the About page title, the mails and calendar invites, and search results.',
                ),
                brandLine(
                  'siteName',
                  'Site name',
                  60,
                  DEFAULT_BRAND.siteName,
                  'Beside the logo, in every page title and in the mails.',
                ),
              ],
            },
            brandLine('role', 'One-line role', 80, DEFAULT_BRAND.role, 'Under the logo in the footer.'),
            {
              name: 'description',
              label: 'Short description',
              type: 'textarea',
              required: true,
              maxLength: 200,
              defaultValue: DEFAULT_BRAND.description,
              admin: {
                rows: 3,
                description:
                  'What search engines and link previews show when a page has no description of its own. At most 200 characters.',
              },
            },
            {
              type: 'row',
              fields: [
                {
                  name: 'logo',
                  type: 'upload',
                  relationTo: 'media',
                  admin: {
                    description:
                      'Optional. Shown beside the site name in the header and footer instead of the built-in mark; a square image works best.',
                  },
                },
                {
                  name: 'portrait',
                  type: 'upload',
                  relationTo: 'media',
                  admin: {
                    description:
                      'Optional. Your photo for search results, and on the About page when that page has no portrait of its own.',
                  },
                },
              ],
            },
            brandLine(
              'mailFromName',
              'Mails come from',
              60,
              DEFAULT_BRAND.mailFromName,
              "The sender's name visitors see on the site's mails (the address is the e-mail under Contact and links).",
            ),
          ],
        },
        {
          label: 'Contact and links',
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
        },
      ],
    },
  ],
})
