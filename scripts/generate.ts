/**
 * Regenerates what Payload derives from the collections: src/payload-types.ts and the admin's import map.
 * The build runs it first (a stale import map breaks the admin in production builds).
 * Usage: npm run generate [-- types|importmap]
 */
import { generateImportMap } from 'payload'
import { generateTypes } from 'payload/node'

const what = process.argv[2] ?? 'all'
const { default: configPromise } = await import('../src/cms/payload.config')
const config = await configPromise
if (what === 'all' || what === 'importmap') await generateImportMap(config, { log: true, force: true })
if (what === 'all' || what === 'types') await generateTypes(config, { log: true })
process.exit(0)
