import { followsCoachTimeZone } from '@/features/booking/coach-time-zone'
import { settingsGlobal } from './settings-global'

export const Announcement = settingsGlobal('announcement', {
  label: 'Announcement banner',
  fields: [
    {
      name: 'text',
      type: 'text',
      maxLength: 200,
      admin: { description: 'Leave empty to hide the banner.' },
    },
    {
      name: 'link',
      type: 'text',
      maxLength: 300,
      admin: { description: 'Optional: a page of this site (/workshops) or a full web address.' },
      validate: (value: null | string | undefined) =>
        !value || /^(\/(?!\/)|https?:\/\/)/.test(value) || 'Use a path like /workshops or a full https:// address.',
    },
    {
      name: 'endsAt',
      label: 'Show until',
      type: 'date',
      timezone: followsCoachTimeZone(),
      admin: {
        description: 'The banner disappears by itself after this moment.',
        components: { Description: '@/features/booking/admin/ZoneNote#ZoneNote' },
        date: { pickerAppearance: 'dayAndTime' },
      },
    },
  ],
})
