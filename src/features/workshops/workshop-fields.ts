import type { Field, FieldAccess, PayloadRequest } from 'payload'

import { DEFAULT_HOLD_HOURS } from '@/domain/workshop-seats'
import { followsCoachTimeZone, ZONE_DATE_CELL } from '@/features/booking/coach-time-zone'
import { urlField } from '@/platform/fields/url'
import { choices } from '@/platform/fields/choices'
import { slugOf } from './texts'

/** The online link goes to registered people only: no public read (REST API, read API, pages) ever sees it. */
const signedInOnly: FieldAccess = ({ req }) => Boolean(req.user)

/**
 * The coach's zone beside a workshop's end and close, as `followsCoachTimeZone` gives it to the start, but read
 * on a connection of its own: three dates of one workshop reading it inside one PostgreSQL transaction would
 * send three queries at once down that transaction's one connection.
 */
const coachZoneOwnRead = () => followsCoachTimeZone({ required: false, ownConnection: true })

const zoneDate = (name: string, label: string, description: string): Field => ({
  name,
  label,
  type: 'date',
  timezone: coachZoneOwnRead(),
  admin: {
    date: { pickerAppearance: 'dayAndTime' },
    description,
    components: { Cell: ZONE_DATE_CELL },
  },
})

/**
 * What registration on the site needs of a workshop (decision 064), beside the spec's title, date (the start),
 * format, description and registerLink (now optional: set, it still wins over registration on the site).
 */
export const workshopRegistrationFields: Field[] = [
  {
    name: 'registrations',
    type: 'ui',
    admin: { components: { Field: '@/features/workshops/WorkshopRegistrationsLinks#WorkshopRegistrationsLinks' } },
  },
  {
    name: 'cancelWorkshop',
    type: 'ui',
    admin: {
      position: 'sidebar',
      components: {
        Field: { path: '@/features/workshops/admin/CoachCancels#CoachCancels', clientProps: { what: 'workshop' } },
      },
    },
  },
  {
    name: 'slug',
    label: 'Address',
    type: 'text',
    unique: true,
    index: true,
    maxLength: 80,
    admin: {
      position: 'sidebar',
      description: 'The end of the registration page’s address, /workshops/<address>/register. Made from the title.',
    },
    hooks: {
      beforeValidate: [({ value, data }) => (value ? slugOf(String(value)) : data?.title ? slugOf(data.title) : value)],
    },
  },
  zoneDate('endsAt', 'Ends', 'Leave empty for two hours after the start.'),
  {
    name: 'attendance',
    label: 'Online or in person',
    type: 'radio',
    defaultValue: 'online',
    options: choices({ online: 'Online', 'in-person': 'In person' }),
  },
  {
    name: 'venue',
    label: 'Venue address',
    type: 'textarea',
    maxLength: 400,
    admin: {
      description: 'Shown on the site and in the invite.',
      condition: (data) => data?.attendance === 'in-person',
    },
  },
  {
    ...urlField('onlineLink', 'Online link', {
      description: 'Sent to registered people only, in their invite; never shown on the site.',
    }),
    access: { read: signedInOnly },
    admin: {
      description: 'Sent to registered people only, in their invite; never shown on the site.',
      condition: (data) => data?.attendance !== 'in-person',
    },
  },
  {
    name: 'seats',
    type: 'number',
    defaultValue: 20,
    min: 0,
    // Everyone registered keeps their seat: the seats never go below them.
    validate: async (value: number | null | undefined, { req, id }: { req: PayloadRequest; id?: number | string }) => {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return 'Enter a whole number, 0 or more.'
      if (id === undefined) return true
      const { totalDocs } = await req.payload.count({
        collection: 'workshop-registrations',
        where: { and: [{ workshop: { equals: id } }, { status: { equals: 'registered' } }] },
        overrideAccess: true,
        req,
      })
      return value >= totalDocs
        ? true
        : `${totalDocs} people are registered, so the workshop needs at least ${totalDocs} seats. Cancel registrations first to go lower.`
    },
    admin: {
      description: 'Lowering it never removes anyone registered; seats already offered go back to the waitlist.',
      step: 1,
    },
  },
  {
    name: 'price',
    label: 'Price (dollars)',
    type: 'number',
    defaultValue: 0,
    min: 0,
    admin: {
      description:
        '0 is free. A paid seat is held for the visitor until it is paid (as long as a freed seat is held): by card when Stripe is set up, else by bank transfer to your Payment details, which you mark received on the registration.',
    },
  },
  zoneDate('registrationClosesAt', 'Registration closes', 'Leave empty to close at the start.'),
  {
    name: 'waitlist',
    label: 'Keep a waitlist when full',
    type: 'checkbox',
    defaultValue: true,
  },
  {
    name: 'holdHours',
    label: 'Hold a freed seat for (hours)',
    type: 'number',
    defaultValue: DEFAULT_HOLD_HOURS,
    min: 1,
    max: 720,
    admin: {
      description: 'A freed seat is offered to the first person waiting, held this long, and never past the close.',
      step: 1,
    },
  },
]
