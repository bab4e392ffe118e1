import type { CollectionConfig } from 'payload'

import { publicListAccess } from '../access'
import { publishedField } from '../fields/published'
import { revalidateCollection } from '../hooks/revalidate'
import { FAQ_PAGES } from '@/domain/faq-pages'

export const FAQs: CollectionConfig = {
  slug: 'faqs',
  labels: { singular: 'FAQ', plural: 'FAQs' },
  orderable: true,
  admin: {
    useAsTitle: 'question',
    defaultColumns: ['question', 'page', 'published'],
    group: 'Content',
  },
  access: publicListAccess,
  hooks: revalidateCollection('faqs'),
  fields: [
    { name: 'question', type: 'text', required: true, maxLength: 200 },
    { name: 'answer', type: 'textarea', required: true, maxLength: 2000 },
    {
      name: 'page',
      type: 'select',
      required: true,
      index: true,
      options: FAQ_PAGES.map((p) => ({ label: p.label, value: p.value })),
      admin: { position: 'sidebar' },
    },
    publishedField(),
  ],
}
