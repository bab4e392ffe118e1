import { FAQ_PAGES } from '@/domain/faq-pages'
import { publicList } from './public-list'

export const FAQs = publicList({
  slug: 'faqs',
  labels: { singular: 'FAQ', plural: 'FAQs' },
  tag: 'faqs',
  useAsTitle: 'question',
  defaultColumns: ['question', 'page'],
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
  ],
})
