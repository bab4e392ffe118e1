import type { CollectionConfig } from 'payload'

import { publicListAccess } from '../access'
import { publishedField } from '../fields/published'
import { revalidateCollection } from '../hooks/revalidate'

export const Testimonials: CollectionConfig = {
  slug: 'testimonials',
  labels: { singular: 'Testimonial', plural: 'Testimonials' },
  orderable: true,
  admin: {
    useAsTitle: 'author',
    defaultColumns: ['author', 'quote', 'published'],
    group: 'Content',
    description: 'Shown in every testimonials block. Drag rows to set their order.',
  },
  access: publicListAccess,
  hooks: revalidateCollection('testimonials'),
  fields: [
    { name: 'quote', type: 'textarea', required: true, maxLength: 1000 },
    { name: 'author', type: 'text', required: true, maxLength: 120 },
    publishedField(),
  ],
}
