import type { CollectionConfig } from 'payload'

import { publicListAccess } from '../access'
import { publishedField } from '../fields/published'
import { urlField } from '../fields/url'
import { revalidateCollection } from '../hooks/revalidate'

export const Workshops: CollectionConfig = {
  slug: 'workshops',
  labels: { singular: 'Workshop', plural: 'Workshops' },
  orderable: true,
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'date', 'format', 'published'],
    group: 'Content',
    description: 'Upcoming workshops and seminars. Past dates drop off the website by themselves.',
  },
  access: publicListAccess,
  hooks: revalidateCollection('workshops'),
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 160 },
    {
      name: 'date',
      type: 'date',
      required: true,
      index: true,
      admin: { date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'format',
      type: 'text',
      required: true,
      maxLength: 120,
      admin: { description: 'For example "Online (Zoom)" or "In person, Lisbon".' },
    },
    { name: 'description', type: 'textarea', required: true, maxLength: 1200 },
    urlField('registerLink', 'Registration link', { required: true }),
    publishedField(),
  ],
}
