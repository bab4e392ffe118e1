/**
 * Migrates the database and seeds it on first run (SEED_ON_START, default true), in a process of its own,
 * and prints one JSON line with the outcome. `npm run dev` runs it before its server, and the tests make their
 * seeded and migrated databases with it; a production server prepares its database itself as it starts
 * (src/instrumentation-node.ts), the same way. Exits 3 when the database cannot be reached.
 */
import { getPayload } from 'payload'

const { default: config } = await import('../src/cms/payload.config')
const { prepareOnStart } = await import('../src/cms/prepare')
const outcome = await prepareOnStart(() => getPayload({ config }))
console.log(JSON.stringify(outcome))
process.exit(outcome.ok ? 0 : 3)
