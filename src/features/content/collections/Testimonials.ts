import { publicList } from './public-list'

export const Testimonials = publicList({
  slug: 'testimonials',
  labels: { singular: 'Testimonial', plural: 'Testimonials' },
  tag: 'testimonials',
  useAsTitle: 'author',
  defaultColumns: ['author', 'quote'],
  description: 'Shown in every testimonials block. Drag rows to set their order.',
  fields: [
    { name: 'quote', type: 'textarea', required: true, maxLength: 1000 },
    { name: 'author', type: 'text', required: true, maxLength: 120 },
  ],
})
