import { describe, expect, it } from 'vitest'

import { subscribeSchema } from './rules'

describe('subscribeSchema', () => {
  it('accepts a valid address and rejects anything else with the decided text', () => {
    expect(subscribeSchema.parse({ email: ' reader@example.com ' })).toEqual({
      email: 'reader@example.com',
      source: 'footer',
    })
    expect(subscribeSchema.parse({ email: 'reader@example.com', source: 'workshops' }).source).toBe('workshops')
    expect(subscribeSchema.parse({ email: 'reader@example.com', source: 'elsewhere' }).source).toBe('footer')
    for (const email of ['', 'reader', 'reader@', '@example.com']) {
      const result = subscribeSchema.safeParse({ email })
      expect(result.success).toBe(false)
      if (!result.success) expect(result.error.issues[0]?.message).toBe('Please enter a valid email address.')
    }
  })
})
