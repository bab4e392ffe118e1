import { describe, expect, it } from 'vitest'

import { brandFrom } from '@/domain/brand'
import type { MailSettings } from '@/platform/mail/settings'
import { managePath } from './manage-token'
import { movedMails, pickNewTimeMail, type MailCall } from './mails'
import { wallClockInstant } from './slots'

describe('wallClockInstant: a date and time typed in the coach’s zone', () => {
  it('is the instant that wall clock shows in the zone, summer and winter', () => {
    expect(wallClockInstant('Europe/Lisbon', '2026-12-06', '03:00')?.toISOString()).toBe('2026-12-06T03:00:00.000Z')
    expect(wallClockInstant('Europe/Lisbon', '2026-07-05', '03:00')?.toISOString()).toBe('2026-07-05T02:00:00.000Z')
    expect(wallClockInstant('America/New_York', '2026-11-29', '13:00')?.toISOString()).toBe('2026-11-29T18:00:00.000Z')
  })
  it('is null for a time the clocks skip, and for anything malformed; the first of a repeated hour', () => {
    expect(wallClockInstant('America/New_York', '2026-03-08', '02:30')).toBeNull()
    expect(wallClockInstant('America/New_York', '2026-11-01', '01:30')?.toISOString()).toBe('2026-11-01T05:30:00.000Z')
    for (const [date, time] of [
      ['2026-02-30x', '10:00'],
      ['2026-02-30', '10:00'],
      ['2026-13-01', '10:00'],
      ['2026-12-01', '24:00'],
      ['2026-12-01', '9:00'],
      ['', ''],
    ])
      expect(wallClockInstant('UTC', date!, time!)).toBeNull()
  })
})

describe('the visitor’s mails when the coach moves the call or asks them to pick a new time', () => {
  const s: MailSettings = {
    from: 'Jordan Ellis <coach@example.com>',
    coachEmail: 'coach@example.com',
    siteUrl: 'https://coach.example',
    brand: { ...brandFrom(null), name: 'Jordan Ellis', siteName: 'Jordan Ellis Coaching' },
    texts: {},
  }
  const call: MailCall = {
    id: 7,
    createdAt: '2026-10-01T10:00:00.000Z',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    note: null,
    startsAt: '2026-12-02T14:00:00.000Z',
    endsAt: '2026-12-02T14:30:00.000Z',
    sequence: 1,
    visitorTimeZone: null,
    meetingKind: 'unset',
    meetingPlace: null,
    phone: null,
  }

  it('puts the coach’s line last in the moved mail, under their name, and tells the coach what they wrote', () => {
    const [visitor, coach] = movedMails(call, 'UTC', s, '  Something came up, sorry!  ')
    expect(visitor!.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'Your discovery call has a new time.',
        '',
        'When: Wednesday, December 2, 2026, 2:00 PM UTC (UTC)',
        '',
        `To reschedule or cancel: https://coach.example${managePath(call)}`,
        '',
        'Jordan Ellis writes:',
        'Something came up, sorry!',
      ].join('\n'),
    )
    expect(coach!.text).toContain('You wrote to them: Something came up, sorry!')
    const [plain] = movedMails(call, 'UTC', s, '   ')
    expect(plain!.text).not.toContain('writes:')
  })

  it('asks the visitor to pick a new time through their manage link, with the coach’s line', () => {
    const mail = pickNewTimeMail(call, 'UTC', s, 'The morning no longer works for me.')
    expect(mail.to).toBe('ada@example.com')
    expect(mail.replyTo).toBe('coach@example.com')
    expect(mail.subject).toBe('Please pick a new time for your discovery call | Jordan Ellis Coaching')
    expect(mail.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'Jordan Ellis asks you to pick a new time for your discovery call. It is booked for now:',
        '',
        'When: Wednesday, December 2, 2026, 2:00 PM UTC (UTC)',
        '',
        `Pick a new time here: https://coach.example${managePath(call)}`,
        'Until you do, the call keeps this time. The same page lets you cancel it.',
        '',
        'Jordan Ellis writes:',
        'The morning no longer works for me.',
        '',
        'Warm regards,',
        'Jordan Ellis Coaching',
      ].join('\n'),
    )
    expect(mail.calendar).toBeUndefined()
  })
})
