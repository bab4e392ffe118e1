/*
 * Kept apart from ./PersonLink.tsx so the collections that show the link load none of People's code.
 */

/** The UI field that shows it, in the screen's sidebar (never a list column). */
export const personLinkField = {
  name: 'person',
  type: 'ui',
  admin: {
    position: 'sidebar',
    disableListColumn: true,
    components: { Field: '@/features/people/PersonLink#PersonLink' },
  },
} as const
