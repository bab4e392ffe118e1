import type { CollectionConfig, Field } from 'payload'

import type { ContentTag } from '@/platform/cache/tags'
import { publicListAccess } from '@/platform/access'
import { publishedField } from '@/platform/fields/published'
import { revalidateCollection } from '@/platform/cache/revalidate'

/**
 * A list the coach edits under Content and the site shows (testimonials, blog posts, coaching services,
 * books, workshops, FAQs): orderable by drag and drop (workshops instead follow their dates: `datedBy`), readable by anyone once published (the published
 * flag comes last, after `fields`, and is the last default column), and every change revalidates the
 * pages showing the list (`tag`).
 */
export function publicList({
  slug,
  labels,
  tag,
  useAsTitle,
  defaultColumns,
  description,
  fields,
  datedBy,
}: {
  slug: string
  labels: { singular: string; plural: string }
  tag: ContentTag
  useAsTitle: string
  defaultColumns: string[]
  description?: string
  fields: Field[]
  /** A list in date order instead (the workshops): the field it is sorted by, soonest first; no drag and drop. */
  datedBy?: string
}): CollectionConfig {
  return {
    slug,
    labels,
    ...(datedBy === undefined ? { orderable: true } : { defaultSort: datedBy }),
    admin: {
      useAsTitle,
      defaultColumns: [...defaultColumns, 'published'],
      group: 'Content',
      ...(description === undefined ? {} : { description }),
    },
    access: publicListAccess,
    hooks: revalidateCollection(tag),
    fields: [...fields, publishedField()],
  }
}
