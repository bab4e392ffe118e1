/**
 * `npm run dev`: the site's own server (src/platform/server/serve.ts) on Next's development server, so a
 * developer sees what a visitor gets: lean public pages with the site's script, the policy, the page cache.
 * Pages recompile as their sources change; the public pages' script (src/browser/) is rebuilt on change and
 * picked up by the next page; the admin reloads itself. Migrates (and seeds a fresh database) as `npm start`
 * does, on DATABASE_URL or the SQLite file under DATA_DIR.
 */
import { installJsonConsole } from '../src/platform/log'
import { distDirOf } from '../src/platform/next-internals'
import { announce, prepareDatabase } from './lib/launch'
import { watchSiteScript } from './lib/site-script'

Object.assign(process.env, { NODE_ENV: 'development', NEXT_TELEMETRY_DISABLED: '1' })
installJsonConsole()
const port = Number(process.env.PORT ?? 3000)

const outcome = prepareDatabase()
const { serve } = await import('../src/platform/server/serve')
const server = await serve({ port, dir: process.cwd(), dev: true })
// After Next's development server has prepared its folder (it empties it at start).
const stopWatching = await watchSiteScript(distDirOf('.', { dev: true }))
server.on('close', () => void stopWatching())
announce(port, outcome)
