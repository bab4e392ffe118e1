import { createHmac } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { payloadSecret } from './secret'
import { signedLinks } from './signed-link'

describe('signedLinks', () => {
  const calls = signedLinks((id, ms) => `call\n${id}-${ms}`)
  const checkouts = signedLinks((id, ms) => `checkout\n${id}-${ms}`)
  const doc = { id: 4812, createdAt: '2026-11-20T09:15:00.123Z' }
  const ms = Date.parse(doc.createdAt)

  it('signs the id and creation instant under the site secret, and reads back only its own kind', () => {
    const token = calls.token(doc)
    const hash = createHmac('sha256', payloadSecret()).update(`call\n4812-${ms}`).digest('base64url')
    expect(token).toBe(`4812-${ms}.${hash}`)
    expect(calls.verified(token)).toEqual({ id: 4812, createdAtMs: ms })
    expect(checkouts.verified(token)).toBeNull()
  })

  it('refuses a token altered anywhere, or of another shape', () => {
    const token = calls.token(doc)
    expect(calls.verified(token.replace('4812-', '4813-'))).toBeNull()
    expect(calls.verified(token.replace(`${ms}.`, `${ms + 1}.`))).toBeNull()
    expect(calls.verified(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull()
    expect(calls.verified(`${token}x`)).toBeNull()
    expect(calls.verified('')).toBeNull()
  })
})
