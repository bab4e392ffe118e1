/**
 * Which database DATABASE_URL names, and where the SQLite file is: apart from the adapters (database.ts), so that
 * `npm run backup` and `npm run restore` read it without loading Payload's database adapters and every migration
 * (about 3 CPU seconds a run).
 */
import path from 'node:path'

import { dataDir } from '@/platform/data-dir'

export type DatabaseKind = 'sqlite' | 'postgres'

export const databaseKind = (url = process.env.DATABASE_URL): DatabaseKind =>
  url && /^postgres(ql)?:\/\//i.test(url) ? 'postgres' : 'sqlite'

/** `file:PATH` for SQLite; unset means data/site.db. */
export function sqliteUrl(url = process.env.DATABASE_URL): string {
  if (url?.startsWith('file:')) return `file:${path.resolve(url.slice('file:'.length))}`
  return `file:${path.join(dataDir(), 'site.db')}`
}
