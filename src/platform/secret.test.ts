import { afterEach, describe, expect, it } from 'vitest'

import { seal, unseal } from './secret'

describe('sealed values', () => {
  const before = process.env.PAYLOAD_SECRET
  afterEach(() => {
    process.env.PAYLOAD_SECRET = before
  })

  it('opens with the same secret and purpose only, and never shows the value', () => {
    process.env.PAYLOAD_SECRET = 'one-secret'
    const sealed = seal('JBSWY3DPEHPK3PXP', 'totp')
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(seal('JBSWY3DPEHPK3PXP', 'totp')).not.toBe(sealed)
    expect(unseal(sealed, 'totp')).toBe('JBSWY3DPEHPK3PXP')
    expect(unseal(sealed, 'another purpose')).toBeNull()
    expect(unseal(`${sealed.slice(0, -2)}AA`, 'totp')).toBeNull()
    expect(unseal('JBSWY3DPEHPK3PXP', 'totp')).toBeNull()
    process.env.PAYLOAD_SECRET = 'another-secret'
    expect(unseal(sealed, 'totp')).toBeNull()
  })
})
