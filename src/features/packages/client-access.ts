import type { Payload, PayloadRequest } from 'payload'

import { normalAddress } from '@/domain/people'
import { hashToken } from '@/domain/tokens'
import type { Purchase } from '@/payload-types'
import { creditBalance } from './ledger'
import { clientKeyOf, clientPath } from './tokens'

/*
 * Which links open a client's page (decision 085). A client's first link is made from their address and the
 * site's secret (./tokens.ts); their purchases carry its hash (`clientKey`), which names the client whichever
 * link is current. "Mail me my link" mails a new link, which ends the ones before: `client-links` keeps each
 * one's number and hash (the highest number is current). And a link ends CLIENT_PAGE_GRACE_DAYS after the client's last credit did
 * (nothing left to book: used, forfeited, refunded or past its validity, and no session booked), or after it was
 * mailed, whichever is later. The page of such a link says in words what to do: ask for a new link, which the
 * form on it mails to any client.
 */

const DAY = 24 * 60 * 60 * 1000

/** How long a client's page stays open after their last credit ended (receipts, the last session's note). */
export const CLIENT_PAGE_GRACE_DAYS = 30

/** What a link to a client's page opens. */
export type ClientAccess =
  | { status: 'open'; clientKey: string; purchases: Purchase[] }
  /** A newer link was mailed to them (the old one ended), or their last credit ended over the grace ago. */
  | { status: 'replaced' | 'expired' }
  /** Not a link of the site's, or of no client. */
  | { status: 'unknown' }

type LinkRow = { id: number; clientKey: string; issue: number; tokenHash: string; issuedAt: string }

/** The client's current link mailed on request (their highest issue), or null while their first is current. */
async function currentLink(payload: Payload, clientKey: string, req?: Partial<PayloadRequest>) {
  const found = await payload.find({
    collection: 'client-links',
    where: { clientKey: { equals: clientKey } },
    sort: '-issue',
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
    ...(req ? { req } : {}),
  })
  return (found.docs[0] as LinkRow | undefined) ?? null
}

/** The link mailed on request whose token has this hash, or null. */
async function linkByTokenHash(payload: Payload, tokenHash: string) {
  const found = await payload.find({
    collection: 'client-links',
    where: { tokenHash: { equals: tokenHash } },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  return (found.docs[0] as LinkRow | undefined) ?? null
}

/** The path of the client's page by their current link, to put in a mail to them. */
export async function clientPagePath(payload: Payload, email: string, req?: Partial<PayloadRequest>): Promise<string> {
  return clientPath(email, (await currentLink(payload, clientKeyOf(email), req))?.issue ?? 0)
}

/**
 * A new link to the client's page, which ends the ones before once `keep` is called (after its mail is
 * queued): answers its path. Two requests at once make the same link (the next number after the one read),
 * and the database keeps it once (unique by client and number).
 */
export async function newClientLink(
  payload: Payload,
  email: string,
  now: Date,
  req?: Partial<PayloadRequest>,
): Promise<{ path: string; keep: () => Promise<void> }> {
  const clientKey = clientKeyOf(email)
  const issue = ((await currentLink(payload, clientKey, req))?.issue ?? 0) + 1
  const path = clientPath(email, issue)
  const data = { clientKey, issue, tokenHash: hashToken(path.slice('/client/'.length)), issuedAt: now.toISOString() }
  const keep = async () => {
    await payload.create({ collection: 'client-links', data, depth: 0, overrideAccess: true, ...(req ? { req } : {}) })
  }
  return { path, keep }
}

/** What the token of a link opens at `now`: the client's paid purchases, or why not. */
export async function clientAccess(payload: Payload, token: string, now: Date): Promise<ClientAccess> {
  if (!/^[\w-]{43}$/.test(token)) return { status: 'unknown' }
  const hash = hashToken(token)
  // A link mailed on request names its client by its row; a first link is the key itself.
  const renewed = await linkByTokenHash(payload, hash)
  const clientKey = renewed?.clientKey ?? hash
  const current = await currentLink(payload, clientKey)
  if (current && current.tokenHash !== hash) return { status: 'replaced' }
  const purchases = (
    await payload.find({
      collection: 'purchases',
      where: { and: [{ clientKey: { equals: clientKey } }, { status: { equals: 'paid' } }] },
      sort: 'paidAt',
      pagination: false,
      depth: 1,
      overrideAccess: true,
    })
  ).docs
  if (purchases.length === 0) return { status: 'unknown' }
  const endedAt = await lastCreditEnded(payload, normalAddress(purchases[0]!.email), purchases, now)
  // A link mailed on request after that opens the page for the grace from its mail (receipts, notes).
  const since = Math.max(endedAt ?? 0, renewed ? new Date(renewed.issuedAt).getTime() : 0)
  if (endedAt !== null && now.getTime() > since + CLIENT_PAGE_GRACE_DAYS * DAY) return { status: 'expired' }
  return { status: 'open', clientKey, purchases }
}

/**
 * When the client's last credit ended: null while they have a credit to book or a session booked (not yet
 * marked held or missed); else the latest of their ledger's entries, their sessions' ends, their payments and
 * their credits' validity.
 */
async function lastCreditEnded(payload: Payload, email: string, purchases: Purchase[], now: Date) {
  const balance = await creditBalance(payload, email)
  const open = Object.values(balance.purchases).some((p) => p.left > 0 && !p.expired && p.validUntil > now.getTime())
  if (open) return null
  const booked = await payload.count({
    collection: 'coaching-sessions',
    where: { and: [{ email: { equals: email } }, { status: { equals: 'booked' } }] },
    overrideAccess: true,
  })
  if (booked.totalDocs > 0) return null
  const latest = async (collection: 'credit-entries' | 'coaching-sessions', field: 'at' | 'endsAt') => {
    const found = await payload.find({
      collection,
      where: { email: { equals: email } },
      sort: `-${field}`,
      limit: 1,
      depth: 0,
      pagination: false,
      overrideAccess: true,
    })
    const doc = found.docs[0] as Record<string, unknown> | undefined
    return doc ? new Date(String(doc[field])).getTime() : 0
  }
  const validity = Object.values(balance.purchases).map((p) => Math.min(p.validUntil, now.getTime()))
  const paid = purchases.map((p) => (p.paidAt ? new Date(p.paidAt).getTime() : 0))
  return Math.max(
    await latest('credit-entries', 'at'),
    await latest('coaching-sessions', 'endsAt'),
    ...validity,
    ...paid,
  )
}
