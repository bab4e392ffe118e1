import type { Payload, Where } from 'payload'
import { expect } from 'vitest'

import { unsealLinks } from '@/platform/mail/secret-links'

import { HOUR } from './clock'

/**
 * The links in a stored value that would still act for someone: the routes that take a token (written here
 * apart from src/platform/mail/secret-links.ts, so a link missing there shows up), and any address of the
 * site with a long token-like part, so a new kind of link shows up before anyone lists it. iCalendar text is
 * unfolded first: its lines are cut every 75 octets, links included.
 */
export function liveLinks(value: unknown): string[] {
  const strings: string[] = []
  const walk = (v: unknown) => {
    if (typeof v === 'string') strings.push(v.replace(/\r?\n[ \t]/g, ''))
    else if (v && typeof v === 'object') Object.values(v).forEach(walk)
  }
  walk(value)
  const found: string[] = []
  for (const text of strings) {
    for (const [link, token] of text.matchAll(
      /(?:\/(?:admin\/reset|newsletter\/confirm|newsletter\/unsubscribe|scheduling\/manage)\/|unsubscribe\?token=)(\[link hidden\]|[^\s"'<>\\]*)/g,
    )) {
      if (token !== '[link hidden]') found.push(link)
    }
    for (const [url] of text.matchAll(/https?:\/\/[^\s"'<>\\]+/g)) {
      if (url.split(/[/?&=#]/).some((part) => part.length >= 24)) found.push(url)
    }
  }
  return found
}

/** Every outbox row as the Local API gives it without hidden fields: no live link, nothing sealed. */
export async function expectNoLiveLinksInOutbox(payload: Payload): Promise<void> {
  const { docs } = await payload.find({ collection: 'mail-outbox', pagination: false, depth: 0, overrideAccess: true })
  for (const row of docs) {
    expect(liveLinks(row), `${row.kind} to ${row.to}`).toEqual([])
    expect(Object.keys(row)).not.toContain('sealedLinks')
  }
}

/**
 * Outbox rows (read with showHiddenFields) as the worker sends them: their live links put back, for tests
 * that check what a mail says without sending it.
 */
export const asSent = <T extends { sealedLinks?: string | null }>(row: T): T => ({
  ...row,
  ...(row.sealedLinks ? unsealLinks(row.sealedLinks) : {}),
})

/**
 * The queued mails (those `where` picks; all of them by default), oldest first, as the worker will send them:
 * the outbox keeps their live links sealed, and this puts them back.
 */
export async function mailsAsSent(payload: Payload, where?: Where) {
  const { docs } = await payload.find({
    collection: 'mail-outbox',
    ...(where ? { where } : {}),
    sort: 'createdAt',
    pagination: false,
    overrideAccess: true,
    showHiddenFields: true,
  })
  return docs.map(asSent)
}

/** The token of the first link in a mail's text that starts with `prefix` (e.g. '/newsletter/confirm'). */
export function linkToken(text: string | undefined, prefix: string): string | undefined {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  return new RegExp(`${escaped}/([\\w-]+)`).exec(text ?? '')?.[1]
}

/**
 * Runs the outbox at each of the tries a mail gets (8, two hours apart: more than any wait of the backoff),
 * from now on: a mail that cannot go out in all that time ends failed.
 */
export async function runEveryTry(payload: Payload): Promise<void> {
  const { deliverDueMail } = await import('@/platform/mail/outbox')
  let now = Date.now()
  for (let i = 0; i < 8; i++) {
    await deliverDueMail(payload, new Date(now))
    now += 2 * HOUR
  }
}
