import type { RedisClientType } from '@redis/client'

import { nextTagsManifest } from '../next-internals.ts'

/**
 * Cache tags shared by every instance of the site through Redis (REDIS_URL), so that an edit made through
 * one instance shows on every instance's next request.
 *
 * Each instance keeps its rendered pages and cached reads in its own memory, and Next decides whether one is
 * still good by its tags (`revalidateTag` marks a tag expired in a per-process manifest). Here, every tag an
 * instance expires is also written to Redis under a version number that only grows; at the start of each
 * request (src/platform/server/serve.ts), and before each render reads its cache
 * (./shared-cache-handler.ts), an instance reads that one number and, when it moved, replays the tags
 * expired since on its own manifest and drops its answers kept for a second (../server/page-cache.ts).
 * Replaying at read time on the reader's own clock makes the instances' clocks irrelevant: an entry is
 * judged against the moment this instance learnt of the edit, which is after the edit.
 *
 * The instance that makes an edit holds back that request's whole answer, status line included, until Redis
 * has its tags (`settled`, called by the server), so the editor's next request, to whichever instance, sees
 * the edit.
 *
 * Without REDIS_URL nothing here runs: one instance needs nothing shared. When Redis cannot be reached the
 * site keeps serving from each instance's own cache (a warning in the log), and catches up when it is back.
 *
 * The state lives on `globalThis`: the server, the cache handler and the app's bundle load this module
 * separately in one process. It imports nothing of the app, so Next can load it with the cache handler.
 */

type Listener = (tags: string[]) => void

/** Cache entries kept in Redis, by key (see ./shared-cache-handler.ts). */
export type EntryStore = {
  get(key: string): Promise<Buffer | null>
  set(key: string, value: Buffer, ttlMs: number): Promise<void>
}

type State = {
  client: RedisClientType
  entries: EntryStore
  prefix: string
  /** The highest version whose tags this instance has applied. */
  version: number
  /** Told of tags expired by other instances (the server drops its kept answers). */
  listeners: Listener[]
  /** Writes to Redis not yet acknowledged. */
  inFlight: Set<Promise<unknown>>
  /** Tags an edit has expired whose publishing Next has not started yet (see expectTags). */
  expected: Set<string>
  /** Told when the last expected tag is published. */
  waiters: Set<() => void>
  lastWarning: number
}

const KEY = Symbol.for('coach.shared-tags')
const slot = () => globalThis as { [KEY]?: State }

/** Increments the version and records it for each tag, in one step: a reader never sees one without the other. */
const PUBLISH = `local v = redis.call('INCR', KEYS[1])
for _, tag in ipairs(ARGV) do redis.call('HSET', KEYS[2], tag, v) end
return v`

/**
 * Connects this process to the shared tags, when REDIS_URL is set (keys start with REDIS_KEY_PREFIX, by
 * default `coach:`). Called once by the server at start.
 */
export async function connectSharedTags(
  url = process.env.REDIS_URL,
  prefix = process.env.REDIS_KEY_PREFIX || 'coach:',
): Promise<boolean> {
  if (!url || slot()[KEY]) return Boolean(url)
  const { createClient, RESP_TYPES } = await import('@redis/client')
  const client: RedisClientType = createClient({
    url,
    // A command while Redis is away fails at once instead of waiting in a queue: requests never hang on it.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(retries * 100, 2000) },
  })
  const bytes = client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer })
  const entries: EntryStore = {
    get: (key) =>
      bytes.get(`${prefix}${key}`).catch((error: Error) => {
        warn(state, `Could not read a shared cache entry: ${error.message}`)
        return null
      }),
    set: (key, value, ttlMs) =>
      bytes.set(`${prefix}${key}`, value, { expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) } }).then(
        () => undefined,
        (error: Error) => warn(state, `Could not share a cache entry: ${error.message}`),
      ),
  }
  const state: State = {
    client,
    entries,
    prefix,
    version: 0,
    listeners: [],
    inFlight: new Set(),
    expected: new Set(),
    waiters: new Set(),
    lastWarning: 0,
  }
  client.on('error', (error: Error) => warn(state, `Redis (shared cache): ${error.message}`))
  slot()[KEY] = state
  // A Redis that is away at start does not keep the site from starting: the client keeps trying.
  let timer: NodeJS.Timeout | undefined
  await Promise.race([client.connect(), new Promise((resolve) => (timer = setTimeout(resolve, 3000)))]).catch(
    (error: Error) => warn(state, `Redis (shared cache): ${error.message}`),
  )
  clearTimeout(timer)
  return true
}

/** Whether this process shares its cache tags (REDIS_URL was set and connected). */
export const sharesTags = (): boolean => slot()[KEY] !== undefined

/** Where cache entries are shared, when they are. */
export const entryStore = (): EntryStore | undefined => slot()[KEY]?.entries

/** `listener` is told of the tags other instances expired, once they are expired here too. */
export function onSharedTags(listener: Listener): void {
  slot()[KEY]?.listeners.push(listener)
}

/**
 * Expires tags in this process as `revalidateTag(tag, { expire: 0 })` does: in the manifest that Next's
 * 'use cache' handler and its cache of rendered pages both consult (a Next module shared by the server and
 * the app's bundle), stamped with this instance's clock.
 */
function expireHere(tags: string[]): void {
  // Next's clock, not Date.now(): Next judges a tag expired when its time is at or before
  // performance.timeOrigin + performance.now(), which in a long-running process can lag the wall clock by a few
  // milliseconds; stamped with Date.now(), the very next request could still find the tag not yet expired.
  const now = Math.round(performance.timeOrigin + performance.now())
  const manifest = nextTagsManifest()
  for (const tag of tags) manifest.set(tag, { ...manifest.get(tag), stale: now, expired: now })
}

/**
 * Announces tags an edit has just expired through Next (`revalidateTag`), before Next gets to publish them:
 * Next runs a request's revalidations when its handler is done, which can be after the answer has begun to
 * end. `settled` waits for announced tags too, so the editor's answer never ends before Redis has them.
 */
export function expectTags(tags: Iterable<string>): void {
  const state = slot()[KEY]
  if (!state) return
  for (const tag of tags) state.expected.add(tag)
}

/**
 * Expires tags where Next's `revalidateTag` cannot: outside a request (a background job such as the
 * newsletter's sender finishing an issue). Here, in the manifest as `revalidateTag` would, and on every other
 * instance through Redis, so the next request anywhere renders afresh.
 */
export function expireTagsNow(tags: string[]): Promise<void> {
  expireHere(tags)
  return publishTags(tags)
}

/** Records that this instance expired these tags, for every other instance's next request. */
export function publishTags(tags: string[]): Promise<void> {
  const state = slot()[KEY]
  if (!state || tags.length === 0) return Promise.resolve()
  for (const tag of tags) state.expected.delete(tag)
  if (state.expected.size === 0) for (const wake of state.waiters) wake()
  const write = state.client
    .eval(PUBLISH, { keys: [`${state.prefix}tags:version`, `${state.prefix}tags`], arguments: tags })
    .then((version) => {
      // Nobody else published in between: this instance already knows everything up to this version.
      if (Number(version) === state.version + 1) state.version = Number(version)
    })
    .catch((error: Error) => warn(state, `Could not share expired cache tags: ${error.message}`))
  state.inFlight.add(write)
  return write.finally(() => state.inFlight.delete(write))
}

/** How long an answer waits at most for announced tags that Next has not published (a tag it never will). */
const EXPECTED_WAIT_MS = 2000

/**
 * Resolves once every tag this instance has published so far is in Redis (or failed to get there), and the
 * tags announced by expectTags have been published too (for at most EXPECTED_WAIT_MS).
 */
export async function settled(): Promise<void> {
  const state = slot()[KEY]
  if (!state) return
  if (state.expected.size > 0) {
    let timer: NodeJS.Timeout | undefined
    let wake = () => {}
    const published = await new Promise<boolean>((resolve) => {
      wake = () => resolve(true)
      state.waiters.add(wake)
      timer = setTimeout(() => resolve(false), EXPECTED_WAIT_MS)
    })
    clearTimeout(timer)
    state.waiters.delete(wake)
    // A tag announced but never published (Next did not run that request's revalidations) waits no longer.
    if (!published) state.expected.clear()
  }
  if (state.inFlight.size > 0) await Promise.all([...state.inFlight])
}

/**
 * Brings this instance up to date: when the shared version moved since it last looked, expires here every
 * tag expired since. One GET when nothing changed.
 */
export async function syncSharedTags(): Promise<void> {
  const state = slot()[KEY]
  if (!state) return
  try {
    const version = Number((await state.client.get(`${state.prefix}tags:version`)) ?? 0)
    if (version === state.version) return
    const all = await state.client.hGetAll(`${state.prefix}tags`)
    // A version below ours means Redis was emptied (it keeps nothing on disk): whatever it holds is new.
    const known = version < state.version ? 0 : state.version
    const changed = Object.entries(all)
      .filter(([, v]) => Number(v) > known)
      .map(([tag]) => tag)
    state.version = version
    if (changed.length === 0) return
    expireHere(changed)
    for (const listener of state.listeners) listener(changed)
  } catch (error) {
    warn(state, `Could not read shared cache tags: ${(error as Error).message}`)
  }
}

/** At most one warning a minute: a Redis that is away must not fill the log. */
function warn(state: State, message: string): void {
  if (Date.now() - state.lastWarning < 60_000) return
  state.lastWarning = Date.now()
  console.warn(message)
}
