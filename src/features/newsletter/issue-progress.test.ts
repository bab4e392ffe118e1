import { describe, expect, it } from 'vitest'

import { instantIn, progressLine, sendQuestion } from './issue-progress'

describe('the progress line of an issue', () => {
  it('says how many of how many were sent, deferred, failed and uncertain; bounced only when some were', () => {
    const p = { total: 1000, sent: 412, queued: 584, deferred: 3, failed: 1, bounced: 0, uncertain: 0 }
    expect(progressLine(p)).toBe('412 of 1,000 sent · 3 deferred · 1 failed · 0 uncertain')
    expect(progressLine({ ...p, bounced: 2 })).toBe(
      '412 of 1,000 sent · 3 deferred · 1 failed · 0 uncertain · 2 bounced',
    )
  })
})

describe('the question before sending', () => {
  it('names how many confirmed subscribers the issue would reach, and says so when nobody would', () => {
    expect(sendQuestion(2400)).toBe('Send to all 2,400 confirmed subscribers now?')
    expect(sendQuestion(1)).toBe('Send to the 1 confirmed subscriber now?')
    expect(sendQuestion(0)).toBe('Nobody has confirmed a subscription yet: send the issue to nobody now?')
  })
})

describe('a time typed in the coach’s zone', () => {
  it('is the instant it names there, across daylight saving time', () => {
    expect(instantIn('2026-12-03T14:00', 'Europe/Berlin')).toBe('2026-12-03T13:00:00.000Z')
    expect(instantIn('2026-07-03T14:00', 'Europe/Berlin')).toBe('2026-07-03T12:00:00.000Z')
    expect(instantIn('2026-07-03T14:00', 'America/New_York')).toBe('2026-07-03T18:00:00.000Z')
    expect(instantIn('2026-07-03T14:00', 'UTC')).toBe('2026-07-03T14:00:00.000Z')
  })

  it('is nothing when the input holds no full date and time', () => {
    expect(instantIn('', 'UTC')).toBeNull()
    expect(instantIn('2026-07-03', 'UTC')).toBeNull()
  })
})
