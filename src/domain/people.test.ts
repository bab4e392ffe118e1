import { describe, expect, it } from 'vitest'

import { addressIn, holdingsLine, normalAddress, personKey } from './people'

describe('one person behind many rows', () => {
  it('compares addresses trimmed and lower-cased', () => {
    expect(normalAddress('  Ana.Lima@Example.COM ')).toBe('ana.lima@example.com')
    expect(addressIn('"Ana Lima" <Ana.Lima@Example.com>')).toBe('ana.lima@example.com')
    expect(addressIn('ana@example.com')).toBe('ana@example.com')
  })

  it('keys a person by a keyed hash that holds no address and ignores the address’s case', () => {
    const key = personKey('secret-one', 'Ana.Lima@Example.com')
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(personKey('secret-one', ' ana.lima@example.com')).toBe(key)
    expect(personKey('secret-two', 'ana.lima@example.com')).not.toBe(key)
    expect(personKey('secret-one', 'ana.lim@example.com')).not.toBe(key)
  })

  it('says what the site holds in a few words', () => {
    expect(holdingsLine({ messages: 2, calls: 1, workshops: 0, subscription: 'subscribed', notes: false })).toBe(
      '2 messages · 1 call · subscribed',
    )
    expect(holdingsLine({ messages: 1, calls: 0, workshops: 0, subscription: null, notes: true })).toBe(
      '1 message · notes',
    )
    expect(holdingsLine({ messages: 0, calls: 0, workshops: 0, subscription: null, notes: false })).toBe('nothing')
    expect(holdingsLine({ messages: 0, calls: 1, workshops: 2, subscription: null, notes: false })).toBe(
      '1 call · 2 workshops',
    )
    expect(holdingsLine({ messages: 0, calls: 0, workshops: 1, subscription: null, notes: false })).toBe('1 workshop')
  })
})
