import { describe, expect, it } from 'vitest'

import { PASSWORD_COMMON, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT, passwordProblem } from './password-policy'

describe('admin password policy', () => {
  it('refuses fewer than 12 characters, counting characters rather than bytes', () => {
    expect(passwordProblem('')).toBe(PASSWORD_TOO_SHORT)
    expect(passwordProblem('kettle-moss')).toBe(PASSWORD_TOO_SHORT)
    expect(passwordProblem('ébène-forêt')).toBe(PASSWORD_TOO_SHORT)
    expect(passwordProblem('kettle-moss!')).toBeNull()
  })

  it('refuses more than 256 characters', () => {
    expect(passwordProblem('x7-'.repeat(86))).toBe(PASSWORD_TOO_LONG)
  })

  it('refuses a common password, whatever its case and the digits or symbols around it', () => {
    for (const password of [
      'qwerty123456',
      'QWERTY123456',
      'administrator',
      'Password2024!',
      '!!sunshine2025',
      '1qaz2wsx3edc',
    ]) {
      expect(passwordProblem(password), password).toBe(PASSWORD_COMMON)
    }
  })

  it('refuses one short piece repeated', () => {
    for (const password of ['aaaaaaaaaaaa', 'abcabcabcabc', 'passwordpassword', '123412341234']) {
      expect(passwordProblem(password), password).toBe(PASSWORD_COMMON)
    }
  })

  it('accepts a long passphrase, with or without symbols', () => {
    for (const password of ['correct horse battery staple', 'lantern-orchard-wool', 'Ünïcödé Pässwörd 7']) {
      expect(passwordProblem(password), password).toBeNull()
    }
  })
})
