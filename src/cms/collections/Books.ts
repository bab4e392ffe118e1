import type { CollectionConfig } from 'payload'

import { publicListAccess } from '../access'
import { publishedField } from '../fields/published'
import { urlField } from '../fields/url'
import { revalidateCollection } from '../hooks/revalidate'

export const Books: CollectionConfig = {
  slug: 'books',
  labels: { singular: 'Book', plural: 'Books' },
  orderable: true,
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'purchaseLink', 'published'],
    group: 'Content',
  },
  access: publicListAccess,
  hooks: revalidateCollection('books'),
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 160 },
    { name: 'synopsis', type: 'textarea', required: true, maxLength: 1200 },
    { name: 'coverImage', label: 'Cover image', type: 'upload', relationTo: 'media' },
    urlField('purchaseLink', 'Purchase link (Amazon)', { required: true }),
    publishedField(),
  ],
}
