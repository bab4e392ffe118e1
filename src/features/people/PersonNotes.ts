import type { CollectionConfig } from 'payload'

import { authenticated } from '@/platform/access'
import { personEmailField } from './person-email-field'

/**
 * The coach's notes about a person, one row per address (stored trimmed and lower-cased, so unique whatever
 * the case it was typed in). Written on the person's page (/admin/people/<key>), never listed on its own:
 * the People view is where they live. Erasing the person deletes them.
 */
export const PersonNotes: CollectionConfig = {
  slug: 'person-notes',
  labels: { singular: 'Note about a person', plural: 'Notes about people' },
  admin: { useAsTitle: 'email', hidden: true },
  access: { read: authenticated, create: authenticated, update: authenticated, delete: authenticated },
  fields: [
    personEmailField('E-mail', { unique: true }),
    { name: 'notes', label: 'Your notes', type: 'textarea', maxLength: 10000 },
  ],
}
