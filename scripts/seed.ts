/**
 * `npm run seed`: migrates the database of DATABASE_URL and fills it with the sample content, once: a
 * database that was seeded before is left as it is. `npm start` does this on a fresh database by itself.
 */
import { getPayload } from 'payload'

const { default: config } = await import('../src/cms/payload.config')
const { prepareDatabase } = await import('../src/cms/prepare')
const payload = await getPayload({ config })
const { seeded } = await prepareDatabase(payload, { seed: true })
console.log(seeded ? 'Seeded the database with sample content.' : 'The database was seeded before; nothing changed.')
process.exit(0)
