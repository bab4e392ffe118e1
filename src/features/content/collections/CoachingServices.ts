import { urlField } from '@/platform/fields/url'
import { publicList } from './public-list'

export const CoachingServices = publicList({
  slug: 'coaching-services',
  labels: { singular: 'Coaching service', plural: 'Coaching services' },
  tag: 'coaching-services',
  useAsTitle: 'title',
  defaultColumns: ['title', 'summary'],
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 160 },
    { name: 'summary', type: 'textarea', required: true, maxLength: 600 },
    {
      name: 'features',
      type: 'array',
      labels: { singular: 'Feature', plural: 'Features' },
      fields: [{ name: 'feature', type: 'text', required: true, maxLength: 200 }],
    },
    urlField('link', 'Link (optional)', {
      description: 'Where "Learn more" leads, for example a booking or details page.',
    }),
  ],
})
