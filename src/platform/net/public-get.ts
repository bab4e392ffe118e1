import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { addAbortSignal, pipeline, type Readable } from 'node:stream'
import zlib from 'node:zlib'

import { AddressRefusedError, checkedLookup, type AddressPolicy } from './public-address'

export type PublicResponse = {
  status: number
  statusText: string
  headers: http.IncomingHttpHeaders
  /** The body, decoded (gzip, deflate, br); the caller reads or destroys it. */
  body: Readable
  /** The address that answered, after redirects. */
  url: URL
}

/** More redirects than the caller allows. */
export class TooManyRedirectsError extends Error {
  constructor(readonly host: string) {
    super(`${host} redirected more times than allowed`)
    this.name = 'TooManyRedirectsError'
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * GETs an http: or https: address the way fetch() would (redirects followed, the body decoded), but connects
 * only where the policy allows: every hop's host is checked (an IP address directly, a name on every address it
 * resolves to, the connection pinned to them; see checkedLookup), and redirects are followed by hand, at most
 * `maxRedirects` of them. Throws AddressRefusedError, TooManyRedirectsError, or the network's own error;
 * `signal` ends it all, the body's reading included.
 */
export async function getPublic(
  url: URL,
  options: { policy: AddressPolicy; signal: AbortSignal; maxRedirects: number; headers?: Record<string, string> },
): Promise<PublicResponse> {
  let address = url
  for (let redirects = 0; ; redirects++) {
    const response = await getOnce(address, options)
    const location = response.headers.location
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) {
      return {
        status: response.statusCode ?? 0,
        statusText: response.statusMessage ?? '',
        headers: response.headers,
        body: decoded(response, options.signal),
        url: address,
      }
    }
    response.destroy()
    if (redirects >= options.maxRedirects) throw new TooManyRedirectsError(url.host)
    try {
      address = new URL(location, address)
    } catch {
      throw new Error(`${address.host} redirected to an address that is not valid`)
    }
  }
}

function getOnce(
  address: URL,
  options: { policy: AddressPolicy; signal: AbortSignal; headers?: Record<string, string> },
): Promise<http.IncomingMessage> {
  if (address.protocol !== 'https:' && address.protocol !== 'http:') {
    return Promise.reject(new Error(`${address.protocol} addresses are not read`))
  }
  // As fetch(): an address with a user name or password is refused rather than sent as a login.
  if (address.username || address.password) {
    return Promise.reject(new Error('addresses with a user name or password are not read'))
  }
  const hostname = address.hostname.replace(/^\[(.*)\]$/, '$1')
  // Node connects to an IP address without a lookup: this is its check.
  if (net.isIP(hostname) && !options.policy(hostname)) return Promise.reject(new AddressRefusedError(address.host))
  return new Promise((resolve, reject) => {
    const request = (address.protocol === 'https:' ? https : http).request(
      {
        protocol: address.protocol,
        hostname,
        port: address.port || undefined,
        path: `${address.pathname}${address.search}`,
        method: 'GET',
        headers: { ...options.headers, 'accept-encoding': 'gzip, deflate, br' },
        lookup: checkedLookup(options.policy),
        // A socket of its own for each request: none is kept, none is reused for another address.
        agent: false,
        signal: options.signal,
      },
      resolve,
    )
    request.on('error', reject)
    request.end()
  })
}

function decoded(response: http.IncomingMessage, signal: AbortSignal): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase()
  let body: Readable = response
  if (encoding === 'gzip' || encoding === 'x-gzip' || encoding === 'deflate') {
    body = pipeline(response, zlib.createUnzip(), () => {})
  } else if (encoding === 'br') {
    body = pipeline(response, zlib.createBrotliDecompress(), () => {})
  } else if (encoding !== '' && encoding !== 'identity') {
    response.destroy()
    throw new Error(`the answer's content encoding (${encoding.slice(0, 40)}) is not supported`)
  }
  return addAbortSignal(signal, body)
}
