/**
 * The site's 'use cache' handler (next.config.ts `cacheHandlers.default`): Next's own in-memory handler, with
 * every instance's cache tags and entries shared through Redis when REDIS_URL is set (./shared-tags.ts).
 *
 * - Entries: kept in this instance's memory (Next's LRU, so a hit costs nothing more than before) and, when
 *   shared, also in Redis for at most a day, so a read rendered by one instance is found by the others.
 *   Whether an entry may still be used is decided by Next's handler, against the tags, wherever it came from.
 * - Tags: `updateTags` (Next's `revalidateTag`) expires them here and publishes them; `refreshTags`, called
 *   before a request's first cache read, replays what other instances expired.
 *
 * Next loads this file itself, at build time too (where Node's own TypeScript support runs it), so it
 * imports only packages and sibling files by their full names.
 */
import { createHash } from 'node:crypto'

import type { CacheEntry, CacheHandler } from 'next/dist/server/lib/cache-handlers/types'

import { nextDefaultCacheHandler } from '../next-internals.ts'
import { entryStore, publishTags, syncSharedTags } from './shared-tags.ts'

/** How long Redis keeps an entry at most; Next judges its age itself on every read. */
const SHARED_ENTRY_MAX_MS = 24 * 60 * 60 * 1000
const MEMORY_BYTES = 50 * 1024 * 1024

const memory = nextDefaultCacheHandler(MEMORY_BYTES)

type Meta = Omit<CacheEntry, 'value'>

const streamOf = (bytes: Uint8Array): ReadableStream<Uint8Array> =>
  new ReadableStream({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })

/** An entry as one value: the length of its description, the description (JSON), the rendered bytes. */
function encode(meta: Meta, bytes: Uint8Array): Buffer {
  const head = Buffer.from(JSON.stringify(meta))
  const length = Buffer.alloc(4)
  length.writeUInt32BE(head.length)
  return Buffer.concat([length, head, bytes])
}

/** An entry as `encode` wrote it; null for anything else under the key (a damaged or foreign value). */
function decoded(stored: Buffer): { meta: Meta; bytes: Uint8Array } | null {
  try {
    const length = stored.readUInt32BE(0)
    const meta = JSON.parse(stored.subarray(4, 4 + length).toString()) as Meta
    return typeof meta.timestamp === 'number' && Array.isArray(meta.tags)
      ? { meta, bytes: stored.subarray(4 + length) }
      : null
  } catch {
    return null
  }
}

/** What Next's handler never keeps (expire 0), with a stream of its own. */
const notKept = (): CacheEntry => ({
  value: streamOf(new Uint8Array()),
  tags: [],
  stale: 0,
  timestamp: 0,
  expire: 0,
  revalidate: 0,
})

const keyOf = (cacheKey: string) => `entry:${createHash('sha256').update(cacheKey).digest('base64url')}`

const handler: CacheHandler = {
  async get(cacheKey, softTags) {
    const local = await memory.get(cacheKey, softTags)
    const store = entryStore()
    if (local || !store) return local
    const stored = await store.get(keyOf(cacheKey))
    const found = stored ? decoded(stored) : null
    if (!found) return undefined
    // Kept here from now on, and judged (age, tags) exactly as an entry rendered here.
    await memory.set(cacheKey, Promise.resolve({ ...found.meta, value: streamOf(found.bytes) }))
    return memory.get(cacheKey, softTags)
  },

  async set(cacheKey, pendingEntry) {
    const store = entryStore()
    if (!store) return memory.set(cacheKey, pendingEntry)
    // The stream can be read once: read it here, then hand the same bytes to memory and to Redis.
    const read = pendingEntry.then(async (entry) => {
      const { value, ...meta } = entry
      return { meta, bytes: new Uint8Array(await new Response(value).arrayBuffer()) }
    })
    // A render that failed is not kept (expire 0), and does not leave later reads of the key waiting.
    await memory.set(
      cacheKey,
      read.then(({ meta, bytes }) => ({ ...meta, value: streamOf(bytes) }), notKept),
    )
    const entry = await read.catch(() => undefined)
    if (!entry) return
    const { meta, bytes } = entry
    // A render that depends on the request (expire 0) is never kept, as in Next's own handler.
    if (meta.expire <= 0) return
    await store.set(keyOf(cacheKey), encode(meta, bytes), Math.min(meta.expire * 1000, SHARED_ENTRY_MAX_MS))
  },

  async refreshTags() {
    await syncSharedTags()
  },

  getExpiration(tags) {
    return memory.getExpiration(tags)
  },

  async updateTags(tags, durations) {
    await memory.updateTags(tags, durations)
    await publishTags(tags)
  },
}

export default handler
