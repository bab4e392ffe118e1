import type { Payload } from 'payload'

import type { Prepared } from '@/platform/server/prepared'
import { databaseKind } from './database'
import { migrations as postgresMigrations } from './migrations/postgres'
import { migrations as sqliteMigrations } from './migrations/sqlite'

/** Brings a database up to date (migrations) and, unless told not to, seeds it the first time. */
export async function prepareDatabase(payload: Payload, options: { seed: boolean }): Promise<{ seeded: boolean }> {
  type Migrations = NonNullable<Parameters<Payload['db']['migrate']>[0]>['migrations']
  // The generated migration lists are typed per adapter; Payload's signature is adapter-neutral.
  const migrations = (databaseKind() === 'postgres' ? postgresMigrations : sqliteMigrations) as unknown as Migrations
  await payload.db.migrate({ migrations })
  if (!options.seed) return { seeded: false }
  // Imported when seeding is asked for (SEED_ON_START), not by every importer of this module (e.g. migrate).
  const { seedIfEmpty } = await import('./seed/seed')
  return { seeded: (await seedIfEmpty(payload)) === 'seeded' }
}

/** SEED_ON_START: `false` leaves a fresh database empty. */
export const seedOnStart = (): boolean => (process.env.SEED_ON_START ?? 'true').toLowerCase() !== 'false'

/**
 * The database prepared as a server starts: migrated, seeded the first time (SEED_ON_START), and how many
 * accounts it has (none: the first run's hint). A database that cannot be reached is an outcome, not a
 * failure: the site starts anyway and migrates it once it is back.
 */
export async function prepareOnStart(client: () => Promise<Payload>): Promise<Prepared> {
  try {
    const payload = await client()
    const { seeded } = await prepareDatabase(payload, { seed: seedOnStart() })
    const { totalDocs: users } = await payload.count({ collection: 'users' })
    return { ok: true, seeded, users }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}
