import type { Payload } from 'payload'
import { describe, expect, it } from 'vitest'

import { guardFormPost } from './guard'

/** A database that takes every hit and counts one for each key: always within the limit (no PostgreSQL pool). */
const payload = {
  db: {},
  create: async () => ({}),
  count: async () => ({ totalDocs: 1 }),
  delete: async () => ({}),
} as unknown as Payload

describe('guardFormPost', () => {
  const now = new Date('2026-01-05T10:00:00Z')
  const guard = (raw: Record<string, unknown>) => guardFormPost(payload, 'contact', raw, ['client'], now)

  it('reads the fill time from a number or a numeric text, and anything else as no time at all', async () => {
    expect(await guard({ startedAt: now.getTime() - 500 })).toBe('too-fast')
    expect(await guard({ startedAt: String(now.getTime() - 500) })).toBe('too-fast')
    expect(await guard({ startedAt: now.getTime() - 5000 })).toBe('pass')
    for (const startedAt of [{ toString: 'x', valueOf: 1 }, [now.getTime()], null, true, Symbol('x')]) {
      expect(await guard({ startedAt })).toBe('pass')
    }
  })

  it('takes a honeypot with text in it for a bot, and one of another type for empty', async () => {
    expect(await guard({ website: 'http://spam.example' })).toBe('bot')
    expect(await guard({ website: { a: 1 } })).toBe('pass')
  })
})
