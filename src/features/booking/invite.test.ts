import { describe, expect, it } from 'vitest'

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
