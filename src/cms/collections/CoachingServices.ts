import type { CollectionConfig } from 'payload'

import { publicListAccess } from '../access'
import { publishedField } from '../fields/published'
import { urlField } from '../fields/url'
import { revalidateCollection } from '../hooks/revalidate'

export const CoachingServices: CollectionConfig = {
  slug: 'coaching-services',
  labels: { singular: 'Coaching service', plural: 'Coaching services' },
  orderable: true,
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'summary', 'published'],
    group: 'Content',
  },
  access: publicListAccess,
  hooks: revalidateCollection('coaching-services'),
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
    publishedField(),
  ],
}
