import type { Payload } from 'payload'

import type { DatabaseSetup } from './database'

/**
 * Payload for one suite, on a fresh database: `start` (in beforeAll) creates the database, points the app at
 * it through the environment (the app reads it when the Payload config is first imported, so `env` holds
 * anything else the suite needs set by then), boots Payload and migrates, seeding when asked; `stop` (in
 * afterAll) shuts Payload down and removes the database, also after a `start` that failed half-way.
 *
 * Without the seed the database is a copy of the run's migrated template (tests/support/migrated-templates.ts),
 * on which the preparation finds every migration applied. A suite that seeds starts from empty and runs the
 * whole preparation, migrations and seed, as a new install's first start does (the content suite is about that).
 */
export function testPayload(setup: DatabaseSetup, { seed }: { seed: boolean }) {
  let payload: Payload | undefined
  let cleanup: () => Promise<void> | void = () => {}
  return {
    async start(env: Record<string, string> = {}): Promise<Payload> {
      const db = await setup(seed ? 'empty' : 'migrated')
      cleanup = db.cleanup
      process.env.DATABASE_URL = db.url
      if (db.dataDir) process.env.DATA_DIR = db.dataDir
      process.env.PAYLOAD_SECRET = 'test-secret'
      Object.assign(process.env, env)
      const { getPayload } = await import('payload')
      const { default: config } = await import('@/cms/payload.config')
      const { prepareDatabase } = await import('@/cms/prepare')
      payload = await getPayload({ config })
      await prepareDatabase(payload, { seed })
      return payload
    },
    async stop(): Promise<void> {
      // As the server does on shutdown: no further outbox run, and the one under way finished, so none is left
      // to fail on the dropped database while the next file runs in this process.
      const { drainOutbox } = await import('@/platform/mail/worker-state')
      await drainOutbox(10_000)
      await payload?.destroy()
      // destroy() leaves PostgreSQL's pool open, with one client the adapter never releases (so pool.end()
      // would wait forever). Dropping the database ends those connections; their errors are expected.
      ;(payload?.db as unknown as { pool?: { on: (e: 'error', f: () => void) => void } }).pool?.on('error', () => {})
      await cleanup()
    },
  }
}
