import { describe, expect, it } from 'vitest'

import { clientAddress } from './client-address'
import { forwardedChain } from './forwarded'

/** What the rate limit sees: the chain the server rebuilds, read as clientAddress reads it. */
const client = (xff: string | undefined, socket: string, hops: number) =>
  clientAddress(forwardedChain(xff, socket, hops), null, hops)

describe('the client address behind N trusted proxies', () => {
  it('with no proxy, is the connection’s address whatever the client writes in X-Forwarded-For', () => {
    expect(client(undefined, '203.0.113.9', 0)).toBe('203.0.113.9')
    for (const invented of ['198.51.100.1', '198.51.100.2, 198.51.100.3', 'unknown', ' , ,']) {
      expect(client(invented, '203.0.113.9', 0)).toBe('203.0.113.9')
    }
    expect(forwardedChain('198.51.100.1', '::ffff:203.0.113.9', 0)).toBe('203.0.113.9')
  })

  it('behind one proxy, is what that proxy appended, not what the client wrote before it', () => {
    // The client sent "X-Forwarded-For: 198.51.100.1"; nginx appended the address it saw.
    expect(client('198.51.100.1, 203.0.113.9', '127.0.0.1', 1)).toBe('203.0.113.9')
    expect(client('203.0.113.9', '127.0.0.1', 1)).toBe('203.0.113.9')
    expect(forwardedChain('198.51.100.1, 203.0.113.9', '127.0.0.1', 1)).toBe('203.0.113.9, 127.0.0.1')
  })

  it('behind two proxies, is the entry two places from the right', () => {
    expect(client('198.51.100.1, 203.0.113.9, 10.0.0.2', '10.0.0.3', 2)).toBe('203.0.113.9')
  })

  it('reads repeated headers as one list, and treats a nonsense hop count as none', () => {
    expect(forwardedChain(['198.51.100.1', '203.0.113.9'], '127.0.0.1', 1)).toBe('203.0.113.9, 127.0.0.1')
    expect(forwardedChain('198.51.100.1', '203.0.113.9', -1)).toBe('203.0.113.9')
    expect(forwardedChain('198.51.100.1', '203.0.113.9', Number.NaN)).toBe('203.0.113.9')
  })
})
