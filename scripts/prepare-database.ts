/**
 * Migrates the database and seeds it on first run (SEED_ON_START, default true). Prints one JSON line
 * with the outcome for scripts/start.ts. Exits 3 when the database cannot be reached.
 */
import { getPayload } from 'payload'

const seed = (process.env.SEED_ON_START ?? 'true').toLowerCase() !== 'false'
try {
  const { default: config } = await import('../src/cms/payload.config')
  const { prepareDatabase } = await import('../src/cms/prepare')
  const payload = await getPayload({ config })
  const { seeded } = await prepareDatabase(payload, { seed })
  const { totalDocs: users } = await payload.count({ collection: 'users' })
  console.log(JSON.stringify({ ok: true, seeded, users }))
  process.exit(0)
} catch (error) {
  console.log(JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) }))
  process.exit(3)
}
