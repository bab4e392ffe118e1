import { createHmac } from 'node:crypto'

import type { Payload } from 'payload'

import { payloadSecret, seal, unseal } from '@/platform/secret'
import type { FormClient } from './client'

/*
 * A form post handled once (decision 085). A double click sends the same body twice, at once or a moment
 * apart (the browser shows the answer to the second); a reload re-sends it. Every public form passes here:
 * the pipeline's forms (src/platform/forms/pipeline.ts) and the plain posts that answer with a page to go to
 * (the checkout's steps, the client page's forms). The same form, from the same client, with the same body,
 * within REPEAT_MS of the first is the same post: it gets the first one's answer, and nothing is done twice.
 *
 * Within one instance the second post waits on the first's promise. Across instances the first takes the
 * post's row in `form-posts` (unique by key) before it acts; another instance finding the row waits for its
 * answer. A post that fails (the database down) or whose answer says nothing was done (e.g. "too quick",
 * with the same body sent again on purpose) gives the row back: the same body may then be sent again.
 */

/** How long after a post the same body counts as that post again (a double click, a reload). */
export const REPEAT_MS = 30_000
/** How long a post waits for the same post on another instance to answer before it says "try again". */
const WAIT_MS = 15_000
const POLL_MS = 100
const PRUNE_EVERY = 50
/**
 * Each write its own statement, outside any transaction: a transaction per write would sit idle between its
 * queries while its post waits on the event loop, and a burst of posts would hold the pool's connections.
 */
const ONE_STATEMENT = { overrideAccess: true, disableTransaction: true } as const
const SEAL_PURPOSE = 'form-post-answer'

type Answer = NonNullable<unknown>

const running = new Map<string, Promise<{ answer: Answer; kept: boolean }>>()

/** A posted field's text ('' when the field is missing or not text). */
export const postedText = (fields: Record<string, unknown>, name: string): string => {
  const v = fields[name]
  return typeof v === 'string' ? v : ''
}

/** The post's key: a keyed hash of the form, the client and the exact body (field names in order). */
export function postKey(form: string, client: FormClient, posted: Record<string, unknown>): string {
  // A field's value as posted: text, a number, a list of them; anything deeper (no form posts it) by its kind,
  // so a hostile body nested a thousand levels deep is keyed without walking it.
  const flat = (v: unknown): unknown =>
    v === null || typeof v !== 'object'
      ? v
      : Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')
        ? v
        : `[${Array.isArray(v) ? 'list' : 'object'}]`
  const body = Object.keys(posted)
    .sort()
    .map((name) => [name, flat(posted[name])])
  return createHmac('sha256', payloadSecret())
    .update(`form-post\n${form}\n${client.ipHash}\n${JSON.stringify(body)}`)
    .digest('hex')
}

/**
 * `run`'s answer for this post, run once: the same post again (same key) within REPEAT_MS gets the first
 * answer that `keep` keeps. `now` is the caller's clock.
 */
export async function oncePerPost<T extends Answer>(
  payload: Payload,
  key: string,
  now: Date,
  run: () => Promise<T>,
  keep: (answer: T) => boolean = () => true,
): Promise<T> {
  for (;;) {
    const first = running.get(key)
    if (first) {
      const { answer, kept } = await first.catch(() => ({ answer: null, kept: false }))
      if (kept) return answer as T
      // The first post did nothing (or failed): this one is a post of its own.
      if (running.get(key) === first) running.delete(key)
      continue
    }
    const mine = claimAndRun(payload, key, now, run, keep)
    running.set(key, mine)
    try {
      return (await mine).answer
    } finally {
      // Kept answers stay with the row; in memory only while the first post runs.
      if (running.get(key) === mine) running.delete(key)
    }
  }
}

async function claimAndRun<T extends Answer>(
  payload: Payload,
  key: string,
  now: Date,
  run: () => Promise<T>,
  keep: (answer: T) => boolean,
): Promise<{ answer: T; kept: boolean }> {
  const since = new Date(now.getTime() - REPEAT_MS)
  for (let attempt = 0; ; attempt++) {
    // Taken first (one statement): only a post that finds the key taken reads the row.
    const claimed = await payload
      .create({ collection: 'form-posts', data: { key, at: now.toISOString() }, depth: 0, ...ONE_STATEMENT })
      .catch(() => null)
    if (claimed) return runClaimed(payload, claimed.id, now, run, keep)
    const row = await findPost(payload, key)
    if (row && new Date(row.at).getTime() > since.getTime()) {
      const answer = answerOf(row) ?? (await answerOfAnother(payload, key))
      if (answer !== undefined) return { answer: answer as T, kept: true }
      // The other post gave the row back: this one takes it.
    } else if (row) {
      // An old post's row: gone, unless another post removed it first.
      await payload.delete({ collection: 'form-posts', id: row.id, ...ONE_STATEMENT }).catch(() => undefined)
    }
    if (attempt >= 2) throw new Error('The same form post is being handled elsewhere and did not answer.')
  }
}

async function runClaimed<T extends Answer>(
  payload: Payload,
  id: number,
  now: Date,
  run: () => Promise<T>,
  keep: (answer: T) => boolean,
): Promise<{ answer: T; kept: boolean }> {
  const release = () => payload.delete({ collection: 'form-posts', id, ...ONE_STATEMENT }).catch(() => undefined)
  let answer: T
  try {
    answer = await run()
  } catch (error) {
    await release()
    throw error
  }
  if (!keep(answer)) {
    await release()
    return { answer, kept: false }
  }
  // Sealed: an answer can hold a private link (a checkout's address), which nobody reading the table may use.
  const sealed = seal(JSON.stringify(answer), SEAL_PURPOSE)
  await payload.update({ collection: 'form-posts', id, data: { answer: { sealed } }, depth: 0, ...ONE_STATEMENT })
  // Posts of long ago are of no use: pruned now and then (one post in PRUNE_EVERY), not on every post.
  if (Math.random() < 1 / PRUNE_EVERY) {
    await payload
      .delete({
        collection: 'form-posts',
        where: { at: { less_than: new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString() } },
        ...ONE_STATEMENT,
      })
      .catch(() => undefined)
  }
  return { answer, kept: true }
}

const findPost = async (payload: Payload, key: string) =>
  (
    await payload.find({
      collection: 'form-posts',
      where: { key: { equals: key } },
      limit: 1,
      depth: 0,
      pagination: false,
      overrideAccess: true,
    })
  ).docs[0] ?? null

/** A kept answer, as stored (`{ sealed }`), or undefined while the post is being handled. */
function answerOf(row: { answer?: unknown }): unknown {
  const sealed = row.answer && typeof row.answer === 'object' && 'sealed' in row.answer ? row.answer.sealed : null
  const plain = typeof sealed === 'string' ? unseal(sealed, SEAL_PURPOSE) : null
  return plain === null ? undefined : (JSON.parse(plain) as unknown)
}

/** The answer of the same post taken by another instance, once it has one; undefined when it gave it back. */
async function answerOfAnother(payload: Payload, key: string): Promise<unknown> {
  const until = Date.now() + WAIT_MS
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    const row = await findPost(payload, key)
    if (!row) return undefined
    const answer = answerOf(row)
    if (answer !== undefined) return answer
  }
  throw new Error('The same form post is being handled elsewhere and did not answer.')
}
