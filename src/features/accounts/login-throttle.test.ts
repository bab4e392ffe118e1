import { describe, expect, it } from 'vitest'

import { keyedHash } from '@/domain/tokens'
import { DEVICE_COOKIE, deviceCookie, deviceOf, loginKeys, newDeviceToken } from './login-throttle'

const SECRET = 'test-secret'
const coach = keyedHash(SECRET, 'coach@example.com')
const other = keyedHash(SECRET, 'someone@example.com')

describe('login throttle', () => {
  it('knows a browser by the device cookie it was given for that account, and only for that account', () => {
    const token = newDeviceToken(SECRET, coach)
    const header = `theme=dark; ${DEVICE_COOKIE}=${token}; payload-token=x`
    const id = deviceOf(SECRET, header, coach)
    expect(id).toBe(token.split('.')[0])
    expect(deviceOf(SECRET, header, other)).toBeNull()
    expect(deviceOf('another-secret', header, coach)).toBeNull()
  })

  it('ignores a missing, forged or mangled device cookie', () => {
    const [id] = newDeviceToken(SECRET, coach).split('.')
    for (const header of [
      null,
      '',
      `${DEVICE_COOKIE}=`,
      `${DEVICE_COOKIE}=${id}`,
      `${DEVICE_COOKIE}=${id}.forged`,
      `${DEVICE_COOKIE}=a.b.c`,
    ]) {
      expect(deviceOf(SECRET, header, coach), String(header)).toBeNull()
    }
  })

  it('charges an attempt to the address and to the account, or to the device instead of the account', () => {
    expect(loginKeys('ip1', coach, null)).toEqual(['login-client:ip1', `login-account:${coach}`])
    expect(loginKeys('ip1', coach, 'dev1')).toEqual(['login-client:ip1', 'login-device:dev1'])
  })

  it('sends the device cookie only to the login, unreadable by scripts, Secure over HTTPS', () => {
    expect(deviceCookie('t', true)).toBe(
      `${DEVICE_COOKIE}=t; Path=/cms-api/users/login; Max-Age=31536000; HttpOnly; SameSite=Strict; Secure`,
    )
    expect(deviceCookie('t', false)).not.toContain('Secure')
  })
})
