/**
 * Before the browser tests: a production build as fresh as the sources, and a seeded database of each kind
 * to copy (tests/support/database.ts), made side by side: every server of the tests that needs a freshly
 * seeded site starts on a copy. The workers find them through the environment (templateEnv).
 */
import path from 'node:path'

import { buildIfNeeded } from '../../scripts/lib/server'
import { PREPARE_PROGRAM } from '../../scripts/lib/launch'
import { makeSeededTemplate, templateEnv } from '../support/database'

export default async function globalSetup(): Promise<void> {
  process.chdir(path.resolve(import.meta.dirname, '../..'))
  buildIfNeeded()
  const started = Date.now()
  const serverUrl = process.env.TEST_POSTGRES_URL
  const [sqlite, postgres] = await Promise.all([
    makeSeededTemplate([path.join('.next', PREPARE_PROGRAM)]),
    serverUrl ? makeSeededTemplate([path.join('.next', PREPARE_PROGRAM)], serverUrl) : undefined,
  ])
  Object.assign(process.env, templateEnv(sqlite, postgres))
  console.log(`Seeded templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
