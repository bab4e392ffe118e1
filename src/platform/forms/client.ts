import { clientAddress, rateLimitSubject } from '@/domain/client-address'
import { payloadSecret } from '@/platform/secret'
import { keyedHash } from '@/domain/tokens'

/**
 * Who posted a form, as far as the site can tell: the client address from X-Forwarded-For (set by Next to
 * the connecting address, or by a reverse proxy in front of it), kept only as a keyed hash. IPv6 clients are
 * one client per /64 (src/domain/client-address.ts), so every rate limit counts them as such.
 * TRUST_PROXY_HOPS (default 0) says how many proxies in front of the app append their own entry.
 */
export type FormClient = { ipHash: string }

export function clientFromHeaders(headers: Headers): FormClient {
  const hops = Number(process.env.TRUST_PROXY_HOPS ?? 0)
  const ip = clientAddress(headers.get('x-forwarded-for'), headers.get('x-real-ip'), hops)
  return { ipHash: keyedHash(payloadSecret(), rateLimitSubject(ip)) }
}
