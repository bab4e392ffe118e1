import type { Field } from 'payload'

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
