import { describe, expect, it } from 'vitest'

import { deliveryOfMessageId, newsletterMessageId } from './message-id'

describe('the Message-ID of a newsletter mail', () => {
  process.env.PAYLOAD_SECRET = 'message-id-test-secret'

  it('names its issue and delivery, signed, and is read back', () => {
    const id = newsletterMessageId(12, 345, 'coach.example')
    expect(id).toMatch(/^<newsletter-12-345-[\w-]{32}@coach\.example>$/)
    expect(deliveryOfMessageId(id)).toEqual({ issue: 12, delivery: 345 })
  })

  it('refuses an id the site did not sign: unsigned, another signature, or the numbers changed', () => {
    const id = newsletterMessageId(12, 345, 'coach.example')
    const sig = /-([\w-]{32})@/.exec(id)![1]!
    expect(deliveryOfMessageId('<newsletter-12-345@coach.example>')).toBeNull()
    expect(deliveryOfMessageId(id.replace(sig, 'A'.repeat(32)))).toBeNull()
    expect(deliveryOfMessageId(id.replace('-345-', '-346-'))).toBeNull()
    expect(deliveryOfMessageId(id.replace('<newsletter-12-', '<newsletter-13-'))).toBeNull()
    expect(deliveryOfMessageId(undefined)).toBeNull()
  })

  it('refuses an id signed with another secret', () => {
    const id = newsletterMessageId(12, 345, 'coach.example')
    process.env.PAYLOAD_SECRET = 'another-secret'
    try {
      expect(deliveryOfMessageId(id)).toBeNull()
    } finally {
      process.env.PAYLOAD_SECRET = 'message-id-test-secret'
    }
  })
})
