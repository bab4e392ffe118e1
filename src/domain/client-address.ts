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
