import { dictionary } from '@zxcvbn-ts/language-common'

/**
 * What an admin password must be (OWASP ASVS 5.0 §6.2): at least 12 characters, at most 256 (hashing a
 * longer one would only cost the server), any characters at all, no composition rules, and not a common
 * password. "Common" means in zxcvbn-ts's list of the 49,000 passwords most seen in breaches
 * (`@zxcvbn-ts/language-common`), compared without regard to case, also once the digits and symbols around
 * it are taken off ("Password2024!" is "password") and when it is one short piece repeated
 * ("abcabcabcabc", "passwordpassword").
 */
export const PASSWORD_MIN = 12
export const PASSWORD_MAX = 256

export const PASSWORD_TOO_SHORT = `A password must be at least ${PASSWORD_MIN} characters long.`
export const PASSWORD_TOO_LONG = `A password can be at most ${PASSWORD_MAX} characters long.`
export const PASSWORD_COMMON =
  'This password is too common: it is among the first that attackers try. Please choose another (a few unrelated words make a strong one).'

let common: Set<string> | undefined
const commonPasswords = (): Set<string> => (common ??= new Set(dictionary['passwords-common'] as string[]))

/** Why a password cannot be used, in the admin's words, or null when it can. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length
  if (length < PASSWORD_MIN) return PASSWORD_TOO_SHORT
  if (length > PASSWORD_MAX) return PASSWORD_TOO_LONG
  const lower = password.toLowerCase()
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
  const repeated = /^(.{1,8}?)\1+$/su.exec(lower)?.[1]
  const list = commonPasswords()
  if (list.has(lower) || (core.length >= 4 && list.has(core))) return PASSWORD_COMMON
  if (repeated !== undefined && (repeated.length <= 3 || list.has(repeated))) return PASSWORD_COMMON
  return null
}
