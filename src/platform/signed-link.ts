import { createHmac, timingSafeEqual } from 'node:crypto'

import { payloadSecret } from '@/platform/secret'

/** What a signed link names: a stored document, by its id and the instant it was made. */
export type DocumentKey = { id: number | string; createdAt: string }

/**
 * The private links of one kind of document (a call's manage page, a registration's, a checkout): the token is
 * `<id>-<created ms>.<keyed hash>`, the hash of `signedText(id, created ms)` under the site's secret. Nothing
 * is stored for it, so the same link can be mailed again, and a token the site did not make is told apart
 * without the database. Each kind signs a text of its own, so one kind's token never opens another's page.
 */
export function signedLinks(signedText: (id: number | string, createdAtMs: number) => string): {
  token: (doc: DocumentKey) => string
  verified: (token: string) => { id: number; createdAtMs: number } | null
} {
  const signature = (id: number | string, createdAtMs: number) =>
    createHmac('sha256', payloadSecret()).update(signedText(id, createdAtMs)).digest('base64url')
  return {
    token: (doc) => {
      const createdAtMs = new Date(doc.createdAt).getTime()
      return `${doc.id}-${createdAtMs}.${signature(doc.id, createdAtMs)}`
    },
    verified: (token) => {
      const match = /^(\d{1,12})-(\d{1,15})\.([\w-]{43})$/.exec(token)
      if (!match) return null
      const [id, createdAtMs] = [Number(match[1]), Number(match[2])]
      const expected = Buffer.from(signature(id, createdAtMs))
      const given = Buffer.from(match[3]!)
      return expected.length === given.length && timingSafeEqual(expected, given) ? { id, createdAtMs } : null
    },
  }
}
