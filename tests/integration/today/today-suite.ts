import type { Payload, TypedUser } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Newsletter } from '@/payload-types'
import type { TestDatabase } from '../../support/database'
import { CONTACT_POST, aCall, anIssue } from '../../support/scenarios'
import { testSite } from '../../support/site'

/**
 * The dashboard's "Today" at an injected time, Wednesday 2 December 2026, 3:00 PM in New York (the coach's
 * zone): the calls ahead today and this week, the messages waiting, the subscribers new since the coach's
 * last visit (the login before this one), and the newsletter issues that need the coach.
 */
export function todaySuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`the dashboard's Today on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup)
    const now = new Date('2026-12-02T20:00:00.000Z')
    const coach = { email: `coach.${label.toLowerCase()}@example.com`, password: 'a quiet lake at dawn 2026' }

    beforeAll(async () => {
      ;({ payload } = site)
      await payload.updateGlobal({ slug: 'availability', data: { timeZone: 'America/New_York' }, overrideAccess: true })
      await payload.create({
        collection: 'users',
        data: { ...coach, name: 'Coach', role: 'admin' },
        overrideAccess: true,
      })
    })

    /** Logs in, then reads the account as the admin's next request does (the login's own answer predates it). */
    const logIn = async (who = coach) => {
      const { user } = await payload.login({ collection: 'users', data: who })
      return (await payload.findByID({ collection: 'users', id: user!.id, overrideAccess: true })) as TypedUser
    }

    it('names the next call, the calls today, and how many more in the next seven days, in the coach’s zone', async () => {
      const { readToday } = await import('@/features/today/today')
      await aCall(payload, { startsAt: '2026-12-02T14:00:00.000Z', name: 'Past Morning' }) // 9:00 AM, over
      await aCall(payload, {
        startsAt: '2026-12-02T21:30:00.000Z',
        name: 'Ana Lima',
        note: 'A team of twelve.',
        meetingKind: 'phone',
        phone: '+1 212 555 0100',
      })
      await aCall(payload, { startsAt: '2026-12-02T22:00:00.000Z', name: 'Called Off', status: 'cancelled' })
      await aCall(payload, { startsAt: '2026-12-02T23:00:00.000Z', name: 'Ben Okafor' }) // 6:00 PM
      await aCall(payload, { startsAt: '2026-12-04T15:00:00.000Z', name: 'Cleo Park' }) // Friday 10:00 AM
      await aCall(payload, { startsAt: '2026-12-07T04:30:00.000Z', name: 'Late Sunday' }) // Sunday 11:30 PM
      await aCall(payload, { startsAt: '2026-12-07T15:00:00.000Z', name: 'Next Monday' })
      await aCall(payload, { startsAt: '2026-12-10T04:30:00.000Z', name: 'Late Wednesday' }) // 9 December, 11:30 PM
      await aCall(payload, { startsAt: '2026-12-10T15:00:00.000Z', name: 'Eight Days On' }) // Thursday 10 December

      const today = await readToday(payload, await logIn(), now)
      expect([today.timeZone, today.date]).toEqual(['America/New_York', 'Wednesday, December 2'])
      expect(today.calls?.next).toMatchObject({
        when: 'Today, 4:30 PM',
        name: 'Ana Lima',
        note: 'A team of twelve.',
        how: 'By phone: you call Ana Lima at +1 212 555 0100',
      })
      expect(today.calls?.next?.href).toMatch(/^\/admin\/collections\/discovery-calls\/\d+$/)
      expect(today.calls?.today.map((c) => `${c.when} ${c.name}`)).toEqual([
        'Today, 4:30 PM Ana Lima',
        'Today, 6:00 PM Ben Okafor',
      ])
      expect([today.calls?.nextDays, today.calls?.ahead]).toEqual([4, '4 more calls in the next seven days.'])
    })

    it('on a Sunday, counts the calls of the seven days ahead, across the clocks going back (New York, 1 November 2026)', async () => {
      const { readToday } = await import('@/features/today/today')
      // Sunday 1 November, 00:30 EDT (UTC-4); the clocks go back at 2:00, so this Sunday lasts 25 hours.
      const sunday = new Date('2026-11-01T04:30:00.000Z')
      await aCall(payload, { startsAt: '2026-11-02T04:00:00.000Z', name: 'Sunday Night' }) // 11:00 PM EST, today
      await aCall(payload, { startsAt: '2026-11-02T14:00:00.000Z', name: 'Monday Morning' }) // Monday 9:00 AM EST
      await aCall(payload, { startsAt: '2026-11-09T04:00:00.000Z', name: 'Next Sunday Night' }) // 8 November, 11:00 PM
      await aCall(payload, { startsAt: '2026-11-09T05:30:00.000Z', name: 'Monday After' }) // 9 November, 0:30 AM
      const today = await readToday(payload, await logIn(), sunday)
      expect(today.date).toBe('Sunday, November 1')
      expect(today.calls?.today.map((c) => `${c.when} ${c.name}`)).toEqual(['Today, 11:00 PM Sunday Night'])
      expect([today.calls?.nextDays, today.calls?.ahead]).toEqual([2, '2 more calls in the next seven days.'])
      // Seen from the last hour of that Sunday, Monday to the next Sunday are still the seven days ahead.
      const lastHour = await readToday(payload, await logIn(), new Date('2026-11-02T04:15:00.000Z'))
      expect(lastHour.calls?.ahead).toBe('2 more calls in the next seven days.')
      // And from the Sunday after, whose only later call falls on the Monday: one.
      const nextSunday = await readToday(payload, await logIn(), new Date('2026-11-08T15:00:00.000Z'))
      expect(nextSunday.calls?.ahead).toBe('1 more call in the next seven days.')
    })

    it('counts the messages waiting and the subscribers new since the last visit', async () => {
      const { readToday } = await import('@/features/today/today')
      for (const handled of [false, false, true]) {
        await payload.create({
          collection: 'contact-messages',
          data: { ...CONTACT_POST, inquiryType: 'media' as const, receivedAt: now.toISOString(), handled },
          overrideAccess: true,
        })
      }
      // A new account's first visit (no login before it): the last 7 days count.
      const partner = { email: `partner.${label.toLowerCase()}@example.com`, password: 'another quiet lake 2026' }
      await payload.create({ collection: 'users', data: { ...partner, role: 'admin' }, overrideAccess: true })
      const first = await logIn(partner)
      expect(first.previousLoginAt ?? null).toBeNull()
      const subscriber = (email: string, consentAt: string, status: 'confirmed' | 'pending' = 'confirmed') =>
        payload.create({
          collection: 'subscribers',
          data: { email, status, consentAt: status === 'pending' ? null : consentAt, source: 'footer' },
          overrideAccess: true,
        })
      // Logins are stamped by the real clock, so this part reads Today at the real time too.
      const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString()
      await subscriber(`long.ago.${label}@example.com`, daysAgo(30))
      await subscriber(`this.week.${label}@example.com`, daysAgo(2))
      await subscriber(`not.yet.${label}@example.com`, daysAgo(1), 'pending')
      const lines = async (user: TypedUser) => (await readToday(payload, user)).lines.map((l) => l.text)
      expect(await lines(first)).toEqual(
        expect.arrayContaining(['2 messages not yet handled.', '1 new subscriber in the last 7 days.']),
      )

      // Logging in again: the last visit is the login before, and only who confirmed since then counts.
      const previous = first.lastLoginAt!
      await subscriber(`since.${label}@example.com`, new Date(new Date(previous).getTime() + 1000).toISOString())
      const second = await logIn(partner)
      expect(second.previousLoginAt).toBe(previous)
      const since = new Date(previous)
      const sinceWords = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        weekday: 'long',
        month: 'long',
        day: 'numeric',
      }).format(since)
      const [line] = (await readToday(payload, second)).lines.filter((l) => l.text.includes('subscriber'))
      expect(line?.text).toMatch(
        new RegExp(`^1 new subscriber since your last visit \\(${sinceWords}, \\d{1,2}:\\d{2} [AP]M\\)\\.$`),
      )
      expect(decodeURIComponent(line!.href)).toContain(`[consentAt][greater_than]=${previous}`)
    })

    it('names the issues of the newsletter that need the coach, and where to act', async () => {
      const { readToday } = await import('@/features/today/today')
      // Issues as the sender and the buttons leave them (their status moves only through those).
      const issue = async (subject: string, data: Partial<Newsletter>) => {
        const { id } = await anIssue(payload, subject)
        await payload.db.updateOne({ collection: 'newsletters', id, data })
      }
      await issue('Winter letter', { status: 'held', scheduledAt: '2026-12-01T14:00:00.000Z' })
      await issue('Spring letter', { status: 'scheduled', scheduledAt: '2026-12-10T14:00:00.000Z' })
      await issue('Old letter', { status: 'sent' })
      const texts = (await readToday(payload, await logIn(), now)).lines.map((l) => l.text)
      expect(texts).toContain('“Winter letter” missed its time and waits for you.')
      expect(texts).toContain('“Spring letter” is scheduled for Thursday, December 10, 9:00 AM.')
      expect(texts.some((t) => t.includes('Old letter'))).toBe(false)
    })
  })
}
