import type { DateField, Field, SelectField } from 'payload'

import { choices } from '@/platform/fields/choices'

import { coachTimeZone, ZONE_DATE_CELL } from './coach-time-zone'
import { CALL_MEETING_OPTIONS } from './meeting'

/**
 * What an appointment was promised when it was booked (Availability → Where we meet at that moment): how, the
 * visitor's or client's phone number, the video link or address. The same columns on discovery calls and
 * coaching sessions (decisions 049 and 069): changing the setting later leaves what is booked as it was.
 */
export const bookedMeetingFields: Field[] = [
  {
    type: 'row',
    fields: [
      {
        name: 'meetingKind',
        label: 'Where we meet',
        type: 'select',
        options: [...CALL_MEETING_OPTIONS],
        admin: { readOnly: true, width: '50%' },
      },
      { name: 'phone', label: 'Phone number', type: 'text', maxLength: 30, admin: { readOnly: true, width: '50%' } },
    ],
  },
  { name: 'meetingPlace', label: 'Video link or address', type: 'text', maxLength: 300, admin: { readOnly: true } },
]

/**
 * When a booked appointment starts: shown in the time zone stored beside it (`startsAt_tz`), the coach's, set
 * when it is booked; never typed on its screen (`access` says whether the API may still change it), with the
 * screen's own `components` beside the list cell that names the zone.
 */
export const bookedStartsAtField = (
  access: DateField['access'],
  components: NonNullable<DateField['admin']>['components'] = {},
): DateField => ({
  name: 'startsAt',
  label: 'Starts',
  type: 'date',
  required: true,
  index: true,
  timezone: coachTimeZone(),
  access,
  admin: {
    readOnly: true,
    date: { pickerAppearance: 'dayAndTime', displayFormat: 'EEE d MMM yyyy, HH:mm' },
    components: { ...components, Cell: ZONE_DATE_CELL },
  },
})

/**
 * Where a booked appointment ends, and the end plus the buffer in force when it was booked: the span no other
 * live call or session may overlap (the booking engine's, shared by discovery calls and coaching sessions).
 */
export const bookedSpanFields: Field[] = [
  { name: 'endsAt', label: 'Ends', type: 'date', required: true, admin: { hidden: true } },
  { name: 'blockedUntil', type: 'date', required: true, admin: { hidden: true } },
]

/**
 * Where a booked appointment stands: booked until it is cancelled (coaching sessions may also end held or
 * missed: `moreStatuses`), looked up by it, shown in the sidebar with the screen's own `admin` beside it.
 */
export const bookedStatusField = ({
  moreStatuses = {},
  access,
  admin,
}: Pick<SelectField, 'access' | 'admin'> & { moreStatuses?: Record<string, string> }): SelectField => ({
  name: 'status',
  type: 'select',
  required: true,
  defaultValue: 'booked',
  index: true,
  ...(access ? { access } : {}),
  options: choices({ booked: 'Booked', cancelled: 'Cancelled', ...moreStatuses }),
  admin: { position: 'sidebar', ...admin },
})
