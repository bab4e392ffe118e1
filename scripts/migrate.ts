/**
 * `npm run migrate`: brings the database of DATABASE_URL (default data/site.db) up to date with the
 * committed migrations, and seeds nothing. `npm start` does this by itself; this is for deploy scripts.
 */
import { getPayload } from 'payload'

const { default: config } = await import('../src/cms/payload.config')
const { prepareDatabase } = await import('../src/cms/prepare')
const payload = await getPayload({ config })
await prepareDatabase(payload, { seed: false })
console.log('The database is up to date.')
process.exit(0)
