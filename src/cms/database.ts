import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import type { DatabaseAdapterObj } from 'payload'

import { databaseKind, sqliteUrl } from './database-url'
import { migrations as postgresMigrations } from './migrations/postgres'
import { migrations as sqliteMigrations } from './migrations/sqlite'

export { databaseKind, sqliteUrl, type DatabaseKind } from './database-url'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/**
 * DATABASE_URL picks the adapter: unset or file: → embedded SQLite, postgres:// → PostgreSQL.
 * Schema changes only ever come from the committed migrations (one folder per adapter, both generated from
 * the same collections); they run on start, and again when the server first reaches a database that was
 * down at start.
 */
export function databaseAdapter(url = process.env.DATABASE_URL): DatabaseAdapterObj {
  if (databaseKind(url) === 'postgres') {
    return withHandledInitializing(
      postgresAdapter({
        // connectionTimeoutMillis also bounds the wait for a free pooled connection: long enough for a burst
        // (e.g. many bookings of one time at once) to queue, short enough to report an outage promptly.
        // The newsletter sender's connections (NEWSLETTER_CONNECTIONS, default 3) each hold one while a mail is
        // handed over; the pool has room for them besides the ten that serve pages and forms.
        pool: { connectionString: url, connectionTimeoutMillis: 10_000, max: 10 + newsletterConnections() },
        push: false,
        migrationDir: path.resolve(dirname, 'migrations/postgres'),
        prodMigrations: postgresMigrations,
      }),
    )
  }
  return sqliteAdapter({
    client: { url: sqliteUrl(url) },
    push: false,
    busyTimeout: 5000,
    wal: true,
    migrationDir: path.resolve(dirname, 'migrations/sqlite'),
    prodMigrations: sqliteMigrations,
  })
}

/**
 * When PostgreSQL cannot be reached, Payload's adapter throws from connect (which the site handles: failure
 * texts, retry) and also rejects its `initializing` promise, which nothing awaits: Node then logs an
 * unhandled rejection on every attempt. Each adapter instance gets a handler for that second report.
 */
function withHandledInitializing(adapter: DatabaseAdapterObj): DatabaseAdapterObj {
  return {
    ...adapter,
    init: (args) => {
      const db = adapter.init(args) as ReturnType<DatabaseAdapterObj['init']> & { initializing?: Promise<void> }
      db.initializing?.catch(() => {})
      return db
    },
  }
}

/** The newsletter sender's SMTP connections, as sending.ts reads them. */
function newsletterConnections(): number {
  return Math.max(1, Number(process.env.NEWSLETTER_CONNECTIONS ?? 3))
}
