import type { CollectionConfig, DateField, Field, GlobalConfig, Payload, PayloadRequest } from 'payload'

import { defaultCoachTimeZone } from '@/domain/dates'
import { readAvailability } from './calls'

/**
 * The zones each date field names to Payload: UTC alone. Payload checks every zone a field offers by building
 * a formatter for it, once per field at start (validateTimezones): four hundred zones for each of twenty dates
 * left the server about 60 MB larger for good (measured idle: 289 MB, 229 MB with UTC alone). The picker's
 * full list is made in the browser instead (./admin/DateInZoneField.tsx, which `zonePickersInBrowser` gives
 * every date with a zone); what is stored beside a date is never checked against the list either way.
 */
const ZONES_NAMED_TO_PAYLOAD = [{ label: 'UTC', value: 'UTC' }]

/** The client field of a date with a zone: Payload's own, with every zone the browser knows in its picker. */
export const DATE_IN_ZONE_FIELD = '@/features/booking/admin/DateInZoneField#DateInZoneField'

/**
 * Every date field with a zone, at any depth of these fields, shown through DATE_IN_ZONE_FIELD unless it has a
 * field component of its own: for the collections and globals of the config, so no date with a zone (a new
 * one included) offers UTC alone.
 */
export function zonePickersInBrowser<T extends CollectionConfig | GlobalConfig>(config: T): T {
  return { ...config, fields: config.fields.map(withZonePicker) }
}

function withZonePicker(field: Field): Field {
  if (field.type === 'date' && field.timezone) {
    const zone = typeof field.timezone === 'object' ? field.timezone : {}
    const components = { Field: DATE_IN_ZONE_FIELD, ...field.admin?.components }
    return {
      ...field,
      timezone: { ...zone, supportedTimezones: ZONES_NAMED_TO_PAYLOAD },
      admin: { ...field.admin, components },
    }
  }
  if ('fields' in field && Array.isArray(field.fields))
    return { ...field, fields: field.fields.map(withZonePicker) } as Field
  if (field.type === 'tabs')
    return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: tab.fields.map(withZonePicker) })) }
  if (field.type === 'blocks')
    return { ...field, blocks: field.blocks.map((block) => ({ ...block, fields: block.fields.map(withZonePicker) })) }
  return field
}

/**
 * The time zone of a date field that is shown in the coach's zone (a call's start, an issue's sending time):
 * stored beside it as `<field>_tz`, set to the zone of the booking hours (Availability) when the date is
 * first saved (a new document's form starts in that zone). Stored as text: a database enum of every zone would change with each new time zone release.
 */
export const coachTimeZone = (): NonNullable<DateField['timezone']> => ({
  supportedTimezones: ZONES_NAMED_TO_PAYLOAD,
  override: ({ baseField }) => ({
    name: baseField.name,
    type: 'text',
    admin: { hidden: true },
    // A new document's form starts in the coach's zone, so the picker beside the date names it.
    defaultValue: ({ req }: { req: PayloadRequest }) => readCoachTimeZone(req.payload, req),
    hooks: {
      beforeValidate: [async ({ value, req }) => value || (await readCoachTimeZone(req.payload, req))],
    },
  }),
})

const ZONE_OF_REQUEST = 'coachTimeZone'
const READS_IN_FLIGHT = new Map<unknown, Promise<string>>()

/**
 * The coach's time zone (Booking → Availability), read once per request: a list of a hundred workshops reads
 * the global once, not a hundred times.
 */
export function readCoachTimeZone(payload: Payload, req?: Partial<PayloadRequest>): Promise<string> {
  const context = req?.context
  const kept = context?.[ZONE_OF_REQUEST]
  if (kept instanceof Promise) return kept as Promise<string>
  // Payload gives each operation inside a request a copy of its context, so reads of one transaction share
  // the read in flight: its one PostgreSQL connection is never sent the same read many times at once.
  const transaction = req?.transactionID
  const inFlight = transaction == null ? undefined : READS_IN_FLIGHT.get(transaction)
  if (inFlight) return inFlight
  const read = readAvailability(payload, req).then((a) => a.timeZone)
  if (transaction != null) {
    READS_IN_FLIGHT.set(transaction, read)
    const forget = () => void READS_IN_FLIGHT.delete(transaction)
    read.then(forget, forget)
  }
  if (context) {
    context[ZONE_OF_REQUEST] = read
    // A failed read is not kept: the next field of the request tries again.
    read.catch(() => {
      if (context[ZONE_OF_REQUEST] === read) delete context[ZONE_OF_REQUEST]
    })
  }
  return read
}

/**
 * The time zone of a date field that is always typed and shown in the coach's zone (a workshop's date, the
 * banner's end): Payload's date-field time zone, whose `<field>_tz` is not stored but is the coach's zone of
 * the moment (Booking → Availability). The picker beside the date names that zone, and what is typed there is
 * read as a time in it, whatever zone the browser is in; the stored value is the instant in UTC. Choosing
 * another zone in that picker reads one time typed in that zone; saved, the date shows in the coach's again.
 */
export const followsCoachTimeZone = ({
  required = true,
  zoneOfDocument = false,
  ownConnection = false,
}: {
  /** The coach must keep a zone beside the date (one they type); false for a date the admin only shows. */
  required?: boolean
  /** The document itself holds the coach's zone in `timeZone` (Availability, which cannot read itself). */
  zoneOfDocument?: boolean
  /**
   * The zone is read on a connection of its own, not the request's: for a document with several such dates
   * saved in one PostgreSQL transaction, whose one connection would be sent their reads at once. The read is
   * still kept for the rest of the request (its context, not its transaction).
   */
  ownConnection?: boolean
} = {}): NonNullable<DateField['timezone']> => ({
  supportedTimezones: ZONES_NAMED_TO_PAYLOAD,
  required,
  override: ({ baseField }) => ({
    name: baseField.name,
    label: 'Time zone',
    type: 'text',
    virtual: true,
    admin: { hidden: true },
    // A new document's form starts in the coach's zone.
    ...(zoneOfDocument
      ? {}
      : {
          defaultValue: ({ req }: { req: PayloadRequest }) =>
            readCoachTimeZone(req.payload, ownConnection ? { context: req.context } : req),
        }),
    hooks: {
      // Availability's own dates take its zone from the document: reading the global from its own hook would
      // read it again, without end.
      afterRead: [
        ({ req, data }) =>
          zoneOfDocument
            ? typeof data?.timeZone === 'string' && data.timeZone
              ? data.timeZone
              : defaultCoachTimeZone()
            : readCoachTimeZone(req.payload, ownConnection ? { context: req.context } : req),
      ],
    },
  }),
})

/** The list cell of a date shown in the coach's zone, naming it (./admin/ZoneDateCell.tsx). */
export const ZONE_DATE_CELL = '@/features/booking/admin/ZoneDateCell#ZoneDateCell'

/**
 * A date the admin only shows (a message's received at, a subscriber's consent, a mail's sent at): shown in
 * the coach's zone (Booking → Availability) whatever the browser's, on its screen, where the read-only zone
 * picker beside it names the zone, and in lists, where the cell ends with the zone's short name ("January
 * 14th 2027, 1:00 PM EST"). The zone is not stored (`followsCoachTimeZone`): no column, no migration.
 */
export function shownInCoachTimeZone(
  field: Omit<DateField, 'type' | 'timezone'>,
  options: { zoneOfDocument?: boolean } = {},
): DateField {
  return {
    ...field,
    type: 'date',
    timezone: followsCoachTimeZone({ required: false, ...options }),
    admin: {
      ...field.admin,
      date: { pickerAppearance: 'dayAndTime', ...field.admin?.date },
      components: { Cell: ZONE_DATE_CELL, ...field.admin?.components },
    },
  } as DateField
}

/**
 * A collection of a lower layer (the mail outbox) with each of its top-level dates that the admin shows
 * (not hidden, no zone of its own) shown in the coach's zone, as `shownInCoachTimeZone` does.
 */
export function datesInCoachTimeZone(collection: CollectionConfig): CollectionConfig {
  return {
    ...collection,
    fields: collection.fields.map((field) =>
      field.type === 'date' && !field.timezone && !field.admin?.hidden ? shownInCoachTimeZone(field) : field,
    ),
  }
}
