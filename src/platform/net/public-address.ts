import dns from 'node:dns'
import net from 'node:net'

/**
 * Which addresses the server may connect to when it fetches an address someone typed (the coach's calendar):
 * only public ones, so that an address cannot make the server read its own loopback services, the private
 * network it sits in, or a cloud's metadata service (server-side request forgery). The check runs on the
 * addresses a name resolves to, every one of them, and the connection then goes to an address that was checked:
 * a second look-up (DNS rebinding) never happens.
 */
export type AddressPolicy = (address: string) => boolean

/** IPv4 ranges that are not public (IANA's special-purpose registry, RFC 6890 and successors). */
const NOT_PUBLIC_V4 = new net.BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, with the clouds' metadata service at 169.254.169.254
  ['172.16.0.0', 12], // private (RFC 1918)
  ['192.0.0.0', 24], // IETF protocol assignments (also Oracle Cloud's metadata at 192.0.0.192)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private (RFC 1918)
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address 255.255.255.255
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4')
}

/**
 * IPv6: only global unicast (2000::/3) is public, less the parts of it that are not. Everything outside it is
 * refused: ::, ::1, IPv4-compatible ::a.b.c.d, discard-only 100::/64, unique local fc00::/7 (AWS's metadata
 * at fd00:ec2::254), link-local fe80::/10, site-local fec0::/10, multicast ff00::/8. IPv4-mapped
 * ::ffff:a.b.c.d and NAT64 64:ff9b::/96 carry an IPv4 address and are judged by it.
 */
const GLOBAL_UNICAST_V6 = new net.BlockList()
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6')
const NOT_PUBLIC_V6 = new net.BlockList()
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32 (which hides an IPv4 address), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which embeds any IPv4 address (deprecated, RFC 7526)
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing identifiers
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6')
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, '') // a zone id ("fe80::1%eth0") is not part of the address
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    if (!net.isIPv4(dotted[1]!)) return null
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail, ...rest] = text.split('::')
  if (rest.length > 0) return null
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : [])
  const left = part(head)
  const right = part(tail)
  const groups =
    tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right]
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null
}

/** Whether an IP address (IPv4 or IPv6, as text) is a public one. Names and anything else are not. */
export function isPublicAddress(address: string): boolean {
  const version = net.isIP(address.replace(/%.*$/, ''))
  if (version === 4) return !NOT_PUBLIC_V4.check(address, 'ipv4')
  if (version !== 6) return false
  const groups = ipv6Groups(address)
  if (!groups) return false
  const embeddedV4 = () => `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0)
  // IPv4-mapped ::ffff:a.b.c.d, and NAT64's well-known prefix 64:ff9b::/96 (RFC 6052), which a NAT64
  // gateway turns into a connection to a.b.c.d.
  if (zeros(0, 5) && groups[5] === 0xffff) return isPublicAddress(embeddedV4())
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return isPublicAddress(embeddedV4())
  const canonical = groups.map((g) => g.toString(16)).join(':')
  return GLOBAL_UNICAST_V6.check(canonical, 'ipv6') && !NOT_PUBLIC_V6.check(canonical, 'ipv6')
}

/** Public addresses only: what the server allows unless told otherwise. */
export const publicAddressesOnly: AddressPolicy = isPublicAddress

/** Every address, private ones included: for tests and development with a local server only. */
export const anyAddress: AddressPolicy = () => true

/** A connection the policy refused: the address is not public. Its message names the host, never an address. */
export class AddressRefusedError extends Error {
  constructor(readonly host: string) {
    super(`${host} is or resolves to an address that is not public`)
    this.name = 'AddressRefusedError'
  }
}

/**
 * A `lookup` for node:net/http/https that resolves the name (all its addresses, IPv4 and IPv6), refuses the
 * connection unless the policy allows every one of them, and hands the socket exactly those addresses: the
 * connection is pinned to what was checked. Names that are IP addresses never reach a lookup (node connects
 * to them directly): check those with the policy before connecting.
 */
export function checkedLookup(policy: AddressPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: 0, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, '')
      if (addresses.length === 0 || addresses.some((a) => !policy(a.address))) {
        return callback(Object.assign(new AddressRefusedError(hostname), { code: 'EADDRNOTPUBLIC' }), '')
      }
      const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family
      const usable = family ? addresses.filter((a) => a.family === family) : addresses
      if (usable.length === 0) {
        return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '')
      }
      if (options.all) callback(null, usable)
      else callback(null, usable[0]!.address, usable[0]!.family)
    })
  }
}
