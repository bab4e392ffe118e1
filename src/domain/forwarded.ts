/**
 * The X-Forwarded-For chain the app works with, rebuilt by the site's own HTTP server for every request:
 * the entries appended by the `trustedHops` reverse proxies in front of it (the rightmost ones), then the
 * address of the connection itself. Whatever lies further left was written by the client, which can write
 * anything, so it is dropped; with no proxy (the default) only the connection's address is left. A client
 * therefore cannot pick its own rate-limit identity (see clientAddress, which reads the entry `trustedHops`
 * places from the right: with this chain, the leftmost).
 */
export function forwardedChain(
  incoming: string | string[] | undefined,
  socketAddress: string | undefined,
  trustedHops: number,
): string {
  const hops = Number.isInteger(trustedHops) && trustedHops > 0 ? trustedHops : 0
  const entries = [incoming ?? []]
    .flat()
    .join(',')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const appended = hops ? entries.slice(-hops) : []
  return [...appended, plainAddress(socketAddress ?? 'unknown')].join(', ')
}

/** An IPv4 client over an IPv6 socket reads "::ffff:192.0.2.1"; the same client is "192.0.2.1". */
const plainAddress = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')
