import { followsCoachTimeZone, ZONE_DATE_CELL } from '@/features/booking/coach-time-zone'
import { urlField } from '@/platform/fields/url'
import { cancelWorkshopEndpoint } from '@/features/workshops/endpoints'
import { workshopHooks } from '@/features/workshops/workshop-hooks'
import { workshopRegistrationFields } from '@/features/workshops/workshop-fields'
import { publicList } from './public-list'

const list = publicList({
  slug: 'workshops',
  labels: { singular: 'Workshop', plural: 'Workshops' },
  tag: 'workshops',
  useAsTitle: 'title',
  defaultColumns: ['title', 'date', 'format'],
  // In date order, soonest first, here and on the site: a workshop typed later but held earlier comes first.
  datedBy: 'date',
  description: 'Workshops and seminars in date order, soonest first. Past dates drop off the website by themselves.',
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 160 },
    {
      name: 'date',
      type: 'date',
      required: true,
      index: true,
      // Typed and shown in the coach's zone, named beside it, whatever the browser's; stored as the instant.
      timezone: followsCoachTimeZone(),
      admin: {
        date: { pickerAppearance: 'dayAndTime' },
        description: 'The site shows the same time.',
        components: { Description: '@/features/booking/admin/ZoneNote#ZoneNote', Cell: ZONE_DATE_CELL },
      },
    },
    {
      name: 'format',
      type: 'text',
      required: true,
      maxLength: 120,
      admin: { description: 'For example "Online (Zoom)" or "In person, Lisbon".' },
    },
    { name: 'description', type: 'textarea', required: true, maxLength: 1200 },
    urlField('registerLink', 'External registration link', {
      description: 'Leave empty to take registrations on this site. Set, "Register Now" leads there instead.',
    }),
    // Registration on the site: seats, waitlist, where and when (src/features/workshops, decision 064).
    ...workshopRegistrationFields,
  ],
})

export const Workshops = {
  ...list,
  // The coach's "Cancel this workshop" (everyone told, taken off the site).
  endpoints: [cancelWorkshopEndpoint],
  hooks: {
    ...list.hooks,
    afterChange: [...(list.hooks?.afterChange ?? []), ...workshopHooks.afterChange],
    beforeDelete: workshopHooks.beforeDelete,
  },
}
