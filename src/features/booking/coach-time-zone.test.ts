import type { CollectionConfig, DateField, GlobalConfig, GroupField, Payload, RowField, TabsField } from 'payload'
import { describe, expect, it, vi } from 'vitest'

import {
  coachTimeZone,
  DATE_IN_ZONE_FIELD,
  datesInCoachTimeZone,
  followsCoachTimeZone,
  readCoachTimeZone,
  shownInCoachTimeZone,
  ZONE_DATE_CELL,
  zonePickersInBrowser,
} from './coach-time-zone'

/** A Local API that answers Availability with `zones` in turn (an Error: the read fails). */
function payloadAnswering(...zones: (string | Error)[]) {
  const findGlobal = vi.fn(async () => {
    const next = zones.shift()
    if (next instanceof Error) throw next
    return { timeZone: next, weeklyHours: [], daysOff: [] }
  })
  return { payload: { findGlobal } as unknown as Payload, findGlobal }
}

describe('readCoachTimeZone', () => {
  it('reads Availability’s zone once per request, however many dates ask', async () => {
    const { payload, findGlobal } = payloadAnswering('America/New_York', 'Europe/Berlin')
    const req = { context: {} }
    const zones = await Promise.all([1, 2, 3].map(() => readCoachTimeZone(payload, req)))
    expect(zones).toEqual(['America/New_York', 'America/New_York', 'America/New_York'])
    expect(findGlobal).toHaveBeenCalledTimes(1)
    // Another request reads it again: a new zone is seen at once.
    expect(await readCoachTimeZone(payload, { context: {} })).toBe('Europe/Berlin')
  })

  it('shares a read in flight between the operations of one transaction (each has its own copy of the context)', async () => {
    const { payload, findGlobal } = payloadAnswering('America/New_York', 'Europe/Berlin', 'Asia/Tokyo')
    const zones = await Promise.all([1, 2, 3].map(() => readCoachTimeZone(payload, { context: {}, transactionID: 7 })))
    expect(zones).toEqual(['America/New_York', 'America/New_York', 'America/New_York'])
    expect(findGlobal).toHaveBeenCalledTimes(1)
    // Once it has been answered, a later read of that transaction asks again; another transaction never waited.
    expect(await readCoachTimeZone(payload, { context: {}, transactionID: 7 })).toBe('Europe/Berlin')
    expect(await readCoachTimeZone(payload, { context: {}, transactionID: 8 })).toBe('Asia/Tokyo')
  })

  it('does not keep a failed read: the next date of the request tries again', async () => {
    const { payload } = payloadAnswering(new Error('database away'), 'Asia/Tokyo')
    const req = { context: {} }
    await expect(readCoachTimeZone(payload, req)).rejects.toThrow('database away')
    expect(await readCoachTimeZone(payload, req)).toBe('Asia/Tokyo')
  })
})

/** The `<field>_tz` field Payload makes from a date's time zone, and its afterRead hook. */
function zoneFieldOf(field: DateField) {
  const timezone = field.timezone as Exclude<DateField['timezone'], boolean | undefined>
  const zoneField = timezone.override!({ baseField: { name: `${field.name}_tz`, type: 'select', options: [] } })
  return zoneField as { name: string; virtual?: boolean; hooks: { afterRead: ((args: unknown) => unknown)[] } }
}

describe('shownInCoachTimeZone', () => {
  it('shows a date in the coach’s zone, read once per request, in a virtual `<field>_tz` and a cell naming it', async () => {
    const field = shownInCoachTimeZone({ name: 'receivedAt', admin: { readOnly: true } })
    expect(field.admin?.components?.Cell).toBe(ZONE_DATE_CELL)
    expect(field.admin?.date?.pickerAppearance).toBe('dayAndTime')
    const zone = zoneFieldOf(field)
    expect([zone.name, zone.virtual]).toEqual(['receivedAt_tz', true])
    const { payload } = payloadAnswering('America/New_York')
    expect(await zone.hooks.afterRead[0]!({ req: { payload, context: {} }, data: {} })).toBe('America/New_York')
  })

  it('on Availability itself, takes the zone from the document, never reading the global again', async () => {
    const field = shownInCoachTimeZone({ name: 'readAt' }, { zoneOfDocument: true })
    const { payload, findGlobal } = payloadAnswering('Asia/Tokyo')
    const hook = zoneFieldOf(field).hooks.afterRead[0]!
    expect(await hook({ req: { payload, context: {} }, data: { timeZone: 'Europe/Berlin' } })).toBe('Europe/Berlin')
    expect(await hook({ req: { payload, context: {} }, data: {} })).toBe(process.env.COACH_TIME_ZONE || 'UTC')
    expect(findGlobal).not.toHaveBeenCalled()
  })

  it('datesInCoachTimeZone gives every shown date of a collection the coach’s zone, and leaves hidden ones', () => {
    const collection: CollectionConfig = {
      slug: 'mail-outbox',
      fields: [
        { name: 'subject', type: 'text' },
        { name: 'sentAt', type: 'date', admin: { readOnly: true } },
        { name: 'claimedAt', type: 'date', admin: { hidden: true } },
      ],
    }
    const fields = datesInCoachTimeZone(collection).fields as DateField[]
    expect(fields.map((f) => Boolean(f.timezone))).toEqual([false, true, false])
  })
})

describe('zonePickersInBrowser', () => {
  it('names UTC alone to Payload and gives every date with a zone, at any depth, the picker made in the browser', () => {
    const global: GlobalConfig = {
      slug: 'availability',
      fields: [
        { name: 'until', type: 'date', timezone: followsCoachTimeZone() },
        { name: 'plain', type: 'date' },
        {
          name: 'feed',
          type: 'group',
          fields: [
            shownInCoachTimeZone({ name: 'readAt' }),
            { type: 'row', fields: [shownInCoachTimeZone({ name: 'failingSince' })] },
          ],
        },
        { type: 'tabs', tabs: [{ label: 'More', fields: [{ name: 'at', type: 'date', timezone: coachTimeZone() }] }] },
        {
          name: 'own',
          type: 'date',
          timezone: { supportedTimezones: [{ label: 'Europe/Lisbon', value: 'Europe/Lisbon' }] },
          admin: { components: { Field: '@/x#X' } },
        },
      ],
    }
    const [until, plain, feed, tabs, own] = zonePickersInBrowser(global).fields as [
      DateField,
      DateField,
      GroupField,
      TabsField,
      DateField,
    ]
    const row = feed.fields[1] as RowField
    const zoned = [until, feed.fields[0] as DateField, row.fields[0] as DateField, tabs.tabs[0]!.fields[0] as DateField]
    for (const date of zoned) {
      expect(date.admin?.components?.Field).toBe(DATE_IN_ZONE_FIELD)
      expect((date.timezone as { supportedTimezones: unknown }).supportedTimezones).toEqual([
        { label: 'UTC', value: 'UTC' },
      ])
    }
    expect(plain.admin?.components?.Field).toBeUndefined()
    expect(plain.timezone).toBeUndefined()
    // A field component of its own is kept; Payload is still told of UTC alone.
    expect(own.admin?.components?.Field).toBe('@/x#X')
    expect((own.timezone as { supportedTimezones: unknown }).supportedTimezones).toEqual([
      { label: 'UTC', value: 'UTC' },
    ])
  })
})
