import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'

import { bookedMail } from './mails'
import type { MailCall } from './mails'
import type { MailSettings } from '@/platform/mail/settings'
import { brandFrom } from '@/domain/brand'
import { callInvite, type InviteCall } from './invite'

const call: InviteCall = {
  uid: 'call-7f3a@coach-site',
  sequence: 0,
  startsAt: new Date('2026-11-02T14:00:00.000Z'),
  endsAt: new Date('2026-11-02T14:30:00.000Z'),
  visitor: { name: 'Ada Lovelace', email: 'ada@example.com' },
  coach: { name: 'Jordan Ellis', email: 'coach@example.com' },
  title: 'Discovery call with Jordan Ellis',
  description: 'A free call about your goals.',
  manageUrl: 'https://coach.example/scheduling/manage/abc',
}

/** The unfolded property lines of an iCalendar text. */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n')

describe('callInvite', () => {
  it('invites with the times in UTC, the stable UID, SEQUENCE and METHOD:REQUEST', () => {
    const l = lines(callInvite(call, 'REQUEST'))
    expect(l).toContain('METHOD:REQUEST')
    expect(l).toContain('UID:call-7f3a@coach-site')
    expect(l).toContain('SEQUENCE:0')
    expect(l).toContain('DTSTART:20261102T140000Z')
    expect(l).toContain('DTEND:20261102T143000Z')
    expect(l).toContain('STATUS:CONFIRMED')
    expect(l.some((x) => x.startsWith('ORGANIZER') && /mailto:coach@example\.com$/i.test(x))).toBe(true)
    expect(l.some((x) => x.startsWith('ATTENDEE') && /mailto:ada@example\.com$/i.test(x))).toBe(true)
  })

  it('updates and cancels the same event: same UID, higher SEQUENCE, METHOD:CANCEL with STATUS:CANCELLED', () => {
    const moved = lines(
      callInvite(
        { ...call, sequence: 1, startsAt: new Date('2026-11-03T15:00:00Z'), endsAt: new Date('2026-11-03T15:30:00Z') },
        'REQUEST',
      ),
    )
    expect(moved).toEqual(
      expect.arrayContaining(['UID:call-7f3a@coach-site', 'SEQUENCE:1', 'DTSTART:20261103T150000Z']),
    )
    const cancelled = lines(callInvite({ ...call, sequence: 2 }, 'CANCEL'))
    expect(cancelled).toEqual(
      expect.arrayContaining(['METHOD:CANCEL', 'STATUS:CANCELLED', 'UID:call-7f3a@coach-site', 'SEQUENCE:2']),
    )
  })
})

/** The invite's one event, as a calendar program reads it. */
const event = (ics: string) => new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!)

describe('the invite says where the call happens', () => {
  const settings: MailSettings = {
    from: 'Jordan Ellis <coach@example.com>',
    coachEmail: 'coach@example.com',
    siteUrl: 'https://coach.example',
    brand: { ...brandFrom(null), name: 'Jordan Ellis' },
    texts: {},
  }
  const booked: MailCall = {
    id: 7,
    createdAt: '2026-10-01T10:00:00.000Z',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    note: null,
    startsAt: '2026-11-02T14:00:00.000Z',
    endsAt: '2026-11-02T14:30:00.000Z',
    sequence: 0,
    visitorTimeZone: null,
    meetingKind: 'unset',
    meetingPlace: null,
    phone: null,
  }
  const invited = (call: Partial<MailCall>) => {
    const ics = bookedMail({ ...booked, ...call }, 'Europe/London', settings).calendar?.content
    if (!ics) throw new Error('no invite')
    return event(ics)
  }

  it('by video: LOCATION is the link, and DESCRIPTION says so', () => {
    const e = invited({ meetingKind: 'video', meetingPlace: 'https://meet.example.com/jordan' })
    expect(e.location).toBe('https://meet.example.com/jordan')
    expect(e.description).toContain('By video call: https://meet.example.com/jordan')
  })

  it('by phone: LOCATION is the number the coach calls, and DESCRIPTION who calls whom', () => {
    const e = invited({ meetingKind: 'phone', phone: '+44 20 7946 0958' })
    expect(e.location).toBe('+44 20 7946 0958')
    expect(e.description).toContain('By phone: Jordan Ellis calls Ada Lovelace at +44 20 7946 0958.')
  })

  it('in person: LOCATION is the address on one line (commas kept through the escaping)', () => {
    const e = invited({ meetingKind: 'in-person', meetingPlace: '12 Harbour Street\nLisbon; 2nd floor' })
    expect(e.location).toBe('12 Harbour Street, Lisbon; 2nd floor')
    expect(e.description).toContain('In person, at 12 Harbour Street, Lisbon; 2nd floor.')
  })

  it('not set (and calls booked before there was a setting): no LOCATION, the description as before', () => {
    for (const call of [{}, { meetingKind: null }]) {
      const e = invited(call)
      expect(e.location).toBeNull()
      expect(e.description).toMatch(
        /^A free discovery call with Jordan Ellis\. To change or cancel: https:\/\/coach\.example\/scheduling\/manage\/\S+$/,
      )
      expect(e.description).not.toMatch(/By |In person/)
    }
  })
})
