import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { testPayload, type TestDatabase } from './boot-payload'

/**
 * Discovery-call booking below HTTP, on a real database: what the database itself refuses, and what a
 * booking stores and mails. DATABASE_URL is set by the calling file's setup.
 */
export function bookingSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`booking on ${label}`, () => {
    let payload: Payload
    const testing = testPayload(setup, { seed: false })

    beforeAll(async () => {
      payload = await testing.start({ COACH_EMAIL: 'coach@example.com', MAIL_FROM: '"Coach Site" <site@example.com>' })
    })
    afterAll(() => testing.stop())
    beforeEach(async () => {
      await payload.delete({ collection: 'discovery-calls', where: { id: { exists: true } }, overrideAccess: true })
    })

    const call = (start: string, minutes = 30, buffer = 15, status: 'booked' | 'cancelled' = 'booked') => {
      const startsAt = new Date(start)
      const endsAt = new Date(startsAt.getTime() + minutes * 60_000)
      return payload.create({
        collection: 'discovery-calls',
        data: {
          name: 'Ada',
          email: `ada+${Math.random()}@example.com`,
          startsAt: startsAt.toISOString(),
          endsAt: endsAt.toISOString(),
          blockedUntil: new Date(endsAt.getTime() + buffer * 60_000).toISOString(),
          status,
          sequence: 0,
        },
        overrideAccess: true,
      })
    }

    it('refuses a live call that overlaps another live call with its buffer, in the database itself', async () => {
      await call('2026-12-01T10:00:00.000Z') // blocks 10:00–10:45
      await expect(call('2026-12-01T10:00:00.000Z')).rejects.toThrow()
      await expect(call('2026-12-01T10:30:00.000Z')).rejects.toThrow() // inside the buffer
      await expect(call('2026-12-01T09:40:00.000Z')).rejects.toThrow() // its own buffer reaches 10:25
      await expect(call('2026-12-01T09:15:00.000Z')).resolves.toBeTruthy() // 09:15–10:00, buffer to 10:00
      await expect(call('2026-12-01T10:45:00.000Z')).resolves.toBeTruthy() // starts as the first one's buffer ends
      expect((await payload.count({ collection: 'discovery-calls', overrideAccess: true })).totalDocs).toBe(3)
    })

    it('lets a cancelled call free its time, and refuses bringing it back over a newer booking', async () => {
      const first = await call('2026-12-02T10:00:00.000Z')
      await payload.update({
        collection: 'discovery-calls',
        id: first.id,
        data: { status: 'cancelled' },
        overrideAccess: true,
      })
      await expect(call('2026-12-02T10:00:00.000Z')).resolves.toBeTruthy()
      await expect(
        payload.update({
          collection: 'discovery-calls',
          id: first.id,
          data: { status: 'booked' },
          overrideAccess: true,
        }),
      ).rejects.toThrow()
      expect(
        (await payload.findByID({ collection: 'discovery-calls', id: first.id, overrideAccess: true })).status,
      ).toBe('cancelled')
      await expect(call('2026-12-02T10:00:00.000Z', 30, 15, 'cancelled')).resolves.toBeTruthy()
    })

    it('refuses moving a call onto another, and allows moving it within its own time', async () => {
      const a = await call('2026-12-03T10:00:00.000Z')
      const b = await call('2026-12-03T12:00:00.000Z')
      const move = (id: number | string, start: string) =>
        payload.update({
          collection: 'discovery-calls',
          id,
          data: {
            startsAt: start,
            endsAt: new Date(new Date(start).getTime() + 30 * 60_000).toISOString(),
            blockedUntil: new Date(new Date(start).getTime() + 45 * 60_000).toISOString(),
          },
          overrideAccess: true,
        })
      await expect(move(b.id, '2026-12-03T10:15:00.000Z')).rejects.toThrow()
      await expect(move(a.id, '2026-12-03T10:15:00.000Z')).resolves.toBeTruthy()
    })
  })
}
