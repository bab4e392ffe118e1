import type { Payload } from 'payload'

import { databaseKind } from './database'
import { migrations as postgresMigrations } from './migrations/postgres'
import { migrations as sqliteMigrations } from './migrations/sqlite'
import { seedIfEmpty } from './seed/seed'

/** Brings a database up to date (migrations) and, unless told not to, seeds it the first time. */
export async function prepareDatabase(payload: Payload, options: { seed: boolean }): Promise<{ seeded: boolean }> {
  type Migrations = NonNullable<Parameters<Payload['db']['migrate']>[0]>['migrations']
  // The generated migration lists are typed per adapter; Payload's signature is adapter-neutral.
  const migrations = (databaseKind() === 'postgres' ? postgresMigrations : sqliteMigrations) as unknown as Migrations
  await payload.db.migrate({ migrations })
  if (!options.seed) return { seeded: false }
  return { seeded: (await seedIfEmpty(payload)) === 'seeded' }
}
