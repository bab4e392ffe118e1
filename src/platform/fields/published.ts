import type { CheckboxField } from 'payload'

/** The published flag every public list has: unpublished items are never served. */
export const publishedField = (): CheckboxField => ({
  name: 'published',
  type: 'checkbox',
  defaultValue: true,
  index: true,
  admin: {
    position: 'sidebar',
    description: 'Only published items are shown on the website.',
    // "Yes" / "No" in the lists, not true / false.
    components: { Cell: '@/components/YesNoCell#YesNoCell' },
  },
})
