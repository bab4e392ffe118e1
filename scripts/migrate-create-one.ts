import { getPayload } from 'payload'

const name = process.argv[2] ?? 'change'
const { default: config } = await import('../src/cms/payload.config')
const payload = await getPayload({ config, disableDBConnect: true, disableOnInit: true })
await payload.db.createMigration({ migrationName: name, payload, forceAcceptWarning: true })
process.exit(0)
