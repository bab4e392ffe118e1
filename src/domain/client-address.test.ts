import { describe, expect, it } from 'vitest'

import { clientAddress, rateLimitSubject } from './client-address'

describe('clientAddress', () => {
  it.each([
    // No proxy: the only entry is the one written for the connecting socket.
    ['198.51.100.7', 0, '198.51.100.7'],
    // No proxy: entries to the left of the rightmost one are the client's own claims and are ignored.
    ['6.6.6.6, 198.51.100.7', 0, '198.51.100.7'],
    ['6.6.6.6, 7.7.7.7, 198.51.100.7', 0, '198.51.100.7'],
    // One proxy appended the client's address, then the proxy's own: the client is one hop from the right.
    ['198.51.100.7, 10.0.0.2', 1, '198.51.100.7'],
    ['6.6.6.6, 198.51.100.7, 10.0.0.2', 1, '198.51.100.7'],
    // Two proxies.
    ['6.6.6.6, 198.51.100.7, 10.0.0.2, 10.0.0.3', 2, '198.51.100.7'],
    // Spaces and empty entries do not count as hops.
    [' 6.6.6.6 ,, 198.51.100.7 ,10.0.0.2 ', 1, '198.51.100.7'],
    // More hops configured than entries present: the leftmost entry.
    ['198.51.100.7, 10.0.0.2', 5, '198.51.100.7'],
    ['2001:db8::1, 10.0.0.2', 1, '2001:db8::1'],
  ])('X-Forwarded-For "%s" behind %i trusted proxies is %s', (header, hops, expected) => {
    expect(clientAddress(header, null, hops)).toBe(expected)
  })

  it('falls back to X-Real-IP, then to "unknown", when X-Forwarded-For is missing or empty', () => {
    expect(clientAddress(null, '203.0.113.9', 0)).toBe('203.0.113.9')
    expect(clientAddress(' , ', '203.0.113.9', 1)).toBe('203.0.113.9')
    expect(clientAddress(null, null, 0)).toBe('unknown')
  })

  it('prefers X-Forwarded-For over X-Real-IP', () => {
    expect(clientAddress('198.51.100.7', '203.0.113.9', 0)).toBe('198.51.100.7')
  })
})

describe('rateLimitSubject', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    // Every address of one /64 is one client, however it is written.
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:eeee:dddd:cccc', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::abcd]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8:1:2::1.2.3.4', '2001:db8:1:2::/64'],
    // Another /64 is another client.
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '0:0:0:0::/64'],
    // IPv4 written as IPv6 is the IPv4 address.
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['0:0:0:0:0:ffff:198.51.100.7', '198.51.100.7'],
    // Not an address: kept as it is (it still counts as one client).
    ['unknown', 'unknown'],
    ['1::2::3', '1::2::3'],
    ['2001:db8::zz', '2001:db8::zz'],
  ])('%s counts as %s', (address, subject) => {
    expect(rateLimitSubject(address)).toBe(subject)
  })
})
