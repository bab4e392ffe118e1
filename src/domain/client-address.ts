/**
 * The client address of a request, read from X-Forwarded-For. Each reverse proxy appends the address it was
 * connected from, so with `trustedHops` proxies in front of the app the client is the entry that many places
 * from the right; anything further left was written by the client itself and is not trusted. With 0 hops the
 * rightmost entry is used: the one Next writes from the connecting socket when the request carries none.
 * Without the header the X-Real-IP header is used, and without either "unknown".
 */
export function clientAddress(forwardedFor: string | null, realIp: string | null, trustedHops: number): string {
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return forwarded[Math.max(0, forwarded.length - 1 - trustedHops)] ?? realIp ?? 'unknown'
}

/**
 * Who a rate limit counts a client as. An IPv4 address is one client. An IPv6 client is counted by its /64:
 * one home or one server is given a whole /64 and can pick any of its 2^64 addresses, so counting single
 * addresses would give it as many tries as it likes. An IPv4 address written as IPv6 (`::ffff:198.51.100.7`)
 * is that IPv4 address. Anything that is no address ("unknown") stays as it is.
 */
export function rateLimitSubject(address: string): string {
  const ip = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase()
  if (!ip.includes(':')) return ip
  const groups = expandIpv6(ip)
  if (!groups) return ip
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const [high, low] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)]
    return [high >> 8, high & 255, low >> 8, low & 255].join('.')
  }
  return `${groups.slice(0, 4).join(':')}::/64`
}

/** The eight groups of an IPv6 address, each without leading zeros, or null when it is not one. */
function expandIpv6(ip: string): string[] | null {
  const halves = ip.split('::')
  if (halves.length > 2) return null
  const groups = (part: string | undefined) => (part ? part.split(':') : [])
  let head = groups(halves[0])
  let tail = groups(halves[1])
  // A trailing dotted IPv4 part stands for two groups.
  const last = (tail.length ? tail : head).at(-1)
  if (last?.includes('.')) {
    const bytes = last.split('.').map(Number)
    if (bytes.length !== 4 || bytes.some((b) => !(b >= 0 && b <= 255))) return null
    const pair = [(bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!].map((n) => n.toString(16))
    if (tail.length) tail = [...tail.slice(0, -1), ...pair]
    else head = [...head.slice(0, -1), ...pair]
  }
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const all = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail]
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null
  return all.map((g) => parseInt(g, 16).toString(16))
}
