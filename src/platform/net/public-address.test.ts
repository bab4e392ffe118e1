import dns from 'node:dns'

import { describe, expect, it } from 'vitest'

import { AddressRefusedError, anyAddress, checkedLookup, isPublicAddress, publicAddressesOnly } from './public-address'

describe('isPublicAddress', () => {
  it.each([
    // IPv4: loopback, "this network", private, CGNAT, link-local and the metadata service, benchmarking,
    // documentation, IETF, multicast, reserved, broadcast.
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '198.18.0.1',
    '198.19.255.255',
    '192.0.0.192',
    '192.0.2.1',
    '198.51.100.1',
    '203.0.113.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6: loopback, unspecified, unique local (AWS's metadata), link-local, site-local, multicast.
    '::1',
    '::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    // IPv4 inside IPv6: mapped (dotted and hex), compatible, NAT64, 6to4, Teredo.
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::1',
    '2002:7f00:1::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:db8::1',
    '100::1',
    // Not an address at all.
    'localhost',
    'example.com',
    '',
    '1.2.3',
    '::ffff:1.2.3.999',
  ])('%j is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.0',
    '172.32.0.1',
    '169.255.0.1',
    '198.20.0.1',
    '223.255.255.254',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2001:4860:4860::8888',
    '::ffff:1.1.1.1',
    '::ffff:808:808',
    '64:ff9b::8.8.8.8',
  ])('%j is public', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})

describe('checkedLookup', () => {
  const lookup = (policy: typeof anyAddress, options: dns.LookupOptions) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
      checkedLookup(policy)('localhost', options, (error, address, family) => resolve({ error, address, family })),
    )

  it('refuses a name that resolves to loopback, without naming the address', async () => {
    const { error } = await lookup(publicAddressesOnly, { all: true })
    expect(error).toBeInstanceOf(AddressRefusedError)
    expect(error!.message).toBe('localhost is or resolves to an address that is not public')
  })

  it('hands the connection the addresses it checked, in the form asked for', async () => {
    const checked: string[] = []
    const policy = (address: string) => (checked.push(address), true)
    const all = await lookup(policy, { all: true })
    expect(all.error).toBeNull()
    expect((all.address as dns.LookupAddress[]).map((a) => a.address)).toEqual(checked)
    const one = await lookup(anyAddress, { family: 4 })
    expect([one.address, one.family]).toEqual(['127.0.0.1', 4])
  })
})
