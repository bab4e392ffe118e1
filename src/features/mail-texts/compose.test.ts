import { describe, expect, it } from 'vitest'

import { DEFAULT_BRAND } from '@/domain/brand'
import { sessionMails, sessionReminderMails } from '@/features/packages/session-mail'
import type { MailSettings } from '@/platform/mail/settings'
import { composeMail } from './compose'
import { MAIL_TEXTS, subjectPlaceholdersOf, type MailTextName } from './defaults'
import { templateProblem } from './template'

const settings: MailSettings = {
  from: '"Jordan Ellis Coaching" <hello@example.com>',
  coachEmail: 'hello@example.com',
  siteUrl: 'https://coach.example',
  brand: DEFAULT_BRAND,
  texts: {},
}

const NAMES = Object.keys(MAIL_TEXTS) as MailTextName[]

/** The mails of coaching packages (issue 27): every one of them is the coach's to word. */
const PACKAGE_MAILS = [
  'packageCode',
  'packageAgreementCopy',
  'packagePaymentDetails',
  'packagePaid',
  'packageClientLink',
  'packageRefund',
  'sessionBooked',
  'sessionMoved',
  'sessionMovedByCoach',
  'sessionCancelled',
  'sessionCancelledByCoach',
  'sessionReminderDayBefore',
  'sessionReminderHourBefore',
]

describe('the built-in mail texts', () => {
  it('include every mail of coaching packages', () => {
    expect(NAMES).toEqual(expect.arrayContaining(PACKAGE_MAILS))
  })

  for (const name of NAMES) {
    it(`${name}: uses only its own placeholders, keeps the required ones, and is sent with every one filled`, () => {
      const m = MAIL_TEXTS[name]
      expect(templateProblem(m.body, m.placeholders, m.required)).toBeNull()
      expect(templateProblem(m.subject, subjectPlaceholdersOf(name), [])).toBeNull()
      // Each placeholder the mail has, filled with a value of its own.
      const values = Object.fromEntries(m.placeholders.map((p) => [p, `<${p}>`]))
      const mail = composeMail(settings, name, values as never)
      expect(mail.subject).not.toMatch(/[{}]/)
      expect(mail.text).not.toMatch(/[{}]/)
      for (const p of m.placeholders.filter((p) => m.body.includes(`{${p}}`))) expect(mail.text).toContain(`<${p}>`)
    })
  }
})

describe('the mails of a coaching session, as the client gets them', () => {
  const session = {
    id: 7,
    createdAt: '2026-11-20T09:00:00.000Z',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    packageTitle: 'Starter Session',
    startsAt: '2026-12-03T15:00:00.000Z',
    endsAt: '2026-12-03T16:00:00.000Z',
    sequence: 0,
    meetingKind: 'phone' as const,
    meetingPlace: null,
    phone: '+1 555 0100',
  }
  const options = { zone: 'UTC', settings, noticeHours: 24 }

  it('fills every placeholder of each change, by the client or by the coach, and of each reminder', () => {
    const mails = [
      ...(['booked', 'moved', 'cancelled'] as const).flatMap((change) => [
        sessionMails(session, change, options)[0],
        sessionMails(session, change, { ...options, by: 'coach', line: 'See you soon.' })[0],
      ]),
      ...Object.values(sessionReminderMails(session, options)).map((m) => m[0]!),
    ]
    expect(mails).toHaveLength(8)
    for (const mail of mails) {
      expect(mail.subject).not.toMatch(/[{}]/)
      expect(mail.text).not.toMatch(/[{}]/)
      expect(mail.text).toContain('Package: Starter Session')
    }
  })

  it('says what the coach did and the line she wrote', () => {
    const [client] = sessionMails(session, 'cancelled', { ...options, by: 'coach', line: 'I am ill, sorry.' })
    expect(client.subject).toBe('Your coaching session is cancelled | Jordan Ellis Coaching')
    expect(client.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'Jordan Ellis has cancelled your coaching session.',
        '',
        'When: Thursday, December 3, 2026, 3:00 PM UTC (UTC)',
        'Package: Starter Session',
        '',
        'Its credit is yours again, to book another time.',
        `Your page: ${client.text.match(/Your page: (\S+)/)![1]}`,
        '',
        'Jordan Ellis writes:',
        'I am ill, sorry.',
        '',
        'Warm regards,',
        'Jordan Ellis Coaching',
      ].join('\n'),
    )
    expect(client.calendar?.method).toBe('CANCEL')
  })
})
