import type { CollectionConfig } from 'payload'

import { publicListAccess } from '../access'
import { publishedField } from '../fields/published'
import { urlField } from '../fields/url'
import { revalidateCollection } from '../hooks/revalidate'

export const BlogPosts: CollectionConfig = {
  slug: 'blog-posts',
  labels: { singular: 'Blog post', plural: 'Blog posts' },
  orderable: true,
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'externalLink', 'published'],
    group: 'Content',
    description:
      'Posts live on your external blog; each card here links to one. The first three are featured on the home page.',
  },
  access: publicListAccess,
  hooks: revalidateCollection('blogs'),
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 160 },
    {
      name: 'description',
      label: 'Description (excerpt)',
      type: 'textarea',
      required: true,
      maxLength: 400,
      admin: { description: 'One or two sentences shown under the title.' },
    },
    { name: 'image', type: 'upload', relationTo: 'media' },
    urlField('externalLink', 'Link to the post', { required: true }),
    publishedField(),
  ],
}
