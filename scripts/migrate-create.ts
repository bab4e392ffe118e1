/**
 * Writes a new migration for BOTH adapters from the current collections (SQLite migrations cannot run on
 * PostgreSQL, so each has its own folder). Needs no database. Usage: npm run migrate:create -- <name>
 */
import { spawnSync } from 'node:child_process'

const name = process.argv[2] ?? 'change'
for (const url of ['file:./data/migrate-create.db', 'postgres://postgres@127.0.0.1:5432/migrate_create']) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate-create-one.ts', name], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url, PAYLOAD_MIGRATING: 'true' },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
