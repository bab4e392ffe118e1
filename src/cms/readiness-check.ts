import { databaseKind } from './database'
import { migrations as postgresMigrations } from './migrations/postgres'
import { migrations as sqliteMigrations } from './migrations/sqlite'
import { payloadClient } from '@/platform/payload'
import type { Readiness } from '@/platform/server/readiness'

/** Whether the database answers and holds every migration of this build (see src/platform/server/readiness.ts). */
export async function checkReadiness(): Promise<Readiness> {
  try {
    const payload = await payloadClient()
    const applied = await payload.find({
      collection: 'payload-migrations',
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    const names = new Set(applied.docs.map((m) => m.name))
    const expected = databaseKind() === 'postgres' ? postgresMigrations : sqliteMigrations
    const pendingMigrations = expected.filter((m) => !names.has(m.name)).length
    return { ready: pendingMigrations === 0, database: 'reachable', pendingMigrations }
  } catch {
    return { ready: false, database: 'unreachable', pendingMigrations: null }
  }
}
