import { describe, expect, it } from 'vitest'

import { acceptedStep, currentCode, newTotpSecret, totpEnrollment } from './totp'

const secret = newTotpSecret()
const now = Date.UTC(2026, 10, 24, 12, 0, 15)
const step = Math.floor(now / 30_000)

describe('two-step login codes', () => {
  it('takes the current code, and one step either side for a clock that drifts', () => {
    expect(acceptedStep(secret, currentCode(secret, now), null, now)).toBe(step)
    expect(acceptedStep(secret, currentCode(secret, now - 30_000), null, now)).toBe(step - 1)
    expect(acceptedStep(secret, currentCode(secret, now + 30_000), null, now)).toBe(step + 1)
    const spaced = currentCode(secret, now).replace(/(\d{3})/, '$1 ')
    expect(acceptedStep(secret, spaced, null, now)).toBe(step)
  })

  it('refuses an old, a wrong, a reused or a malformed code', () => {
    expect(acceptedStep(secret, currentCode(secret, now - 90_000), null, now)).toBeNull()
    expect(acceptedStep(newTotpSecret(), currentCode(secret, now), null, now)).toBeNull()
    expect(acceptedStep(secret, currentCode(secret, now), step, now)).toBeNull()
    for (const code of ['', '12345', '1234567', 'abcdef']) expect(acceptedStep(secret, code, null, now)).toBeNull()
  })

  it('gives an authenticator app the address, a QR code and the key in groups of four', () => {
    const { uri, key, qrSvg } = totpEnrollment(secret, 'coach@example.com', 'Jordan Ellis Coaching')
    expect(uri).toMatch(/^otpauth:\/\/totp\/Jordan%20Ellis%20Coaching:coach%40example\.com\?/)
    expect(uri).toContain(`secret=${secret}`)
    expect(key.replace(/ /g, '')).toBe(secret)
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/)
  })
})
