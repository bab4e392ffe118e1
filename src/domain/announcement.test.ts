import { describe, expect, it } from 'vitest'

import { announcementCacheSeconds, isAnnouncementActive, nextMay15 } from './announcement'

describe('nextMay15', () => {
  it.each([
    ['2026-11-22T10:00:00Z', '2027-05-15T23:59:59.000Z'],
    ['2027-01-01T00:00:00Z', '2027-05-15T23:59:59.000Z'],
    ['2027-05-15T12:00:00Z', '2027-05-15T23:59:59.000Z'],
    ['2027-05-16T00:00:00Z', '2028-05-15T23:59:59.000Z'],
  ])('from %s is %s', (now, expected) => {
    expect(nextMay15(new Date(now)).toISOString()).toBe(expected)
  })
})

describe('the announcement banner', () => {
  const now = new Date('2027-05-01T00:00:00Z')
  const banner = (endsAt: string | null, text = 'Early bird') => ({ text, link: null, endsAt })

  it('shows before its end date and disappears after it', () => {
    expect(isAnnouncementActive(banner('2027-05-15T23:59:59Z'), now)).toBe(true)
    expect(isAnnouncementActive(banner('2027-04-30T23:59:59Z'), now)).toBe(false)
  })

  it('without an end date shows while it has text', () => {
    expect(isAnnouncementActive(banner(null), now)).toBe(true)
    expect(isAnnouncementActive(banner(null, '  '), now)).toBe(false)
    expect(isAnnouncementActive(null, now)).toBe(false)
  })

  it('is cached until it ends, between 5 minutes and a day', () => {
    expect(announcementCacheSeconds(banner('2027-05-01T01:00:00Z'), now)).toBe(3600)
    expect(announcementCacheSeconds(banner('2027-05-01T00:01:00Z'), now)).toBe(300)
    expect(announcementCacheSeconds(banner('2027-05-15T00:00:00Z'), now)).toBe(86_400)
  })
})
