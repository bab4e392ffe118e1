import { urlField } from '@/platform/fields/url'
import { publicList } from './public-list'

export const Books = publicList({
  slug: 'books',
  labels: { singular: 'Book', plural: 'Books' },
  tag: 'books',
  useAsTitle: 'title',
  defaultColumns: ['title', 'purchaseLink'],
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 160 },
    { name: 'synopsis', type: 'textarea', required: true, maxLength: 1200 },
    { name: 'coverImage', label: 'Cover image', type: 'upload', relationTo: 'media' },
    urlField('purchaseLink', 'Purchase link (Amazon)', { required: true }),
  ],
})
