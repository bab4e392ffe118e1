import { urlField } from '@/platform/fields/url'
import { publicList } from './public-list'

export const BlogPosts = publicList({
  slug: 'blog-posts',
  labels: { singular: 'Blog post', plural: 'Blog posts' },
  tag: 'blogs',
  useAsTitle: 'title',
  defaultColumns: ['title', 'externalLink'],
  description:
    'Posts live on your external blog; each card here links to one. The first three are featured on the home page.',
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
  ],
})
