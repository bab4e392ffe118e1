/**
 * The production server, as `npm start` runs it: migrate (and seed a fresh database), serve on PORT, warm the
 * pages, say how to log in. A database that cannot be reached does not stop the site: every page still
 * answers with each list's failure text, and the server keeps trying the database (and migrates it once it
 * is back).
 *
 * `npm run build` compiles this file and what it imports (not the packages) into the build folder
 * (scripts/lib/server-program.ts), and `npm start` runs that plain JavaScript with the Node flags in
 * scripts/lib/server-program.ts: no TypeScript loader in the serving process, and a small young generation
 * (decision record 043).
 */
import { installJsonConsole } from '../src/platform/log'
import { keepNothingUntilWarm } from '../src/platform/server/page-cache'
import { preparedAtStart } from '../src/platform/server/prepared'
import { announce, reportPrepared } from './lib/launch'
import { waitForServer, warmUp } from './lib/start-up'

Object.assign(process.env, { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' })
// The log is JSON lines (src/platform/log.ts); only the address and login hint below are for people.
installJsonConsole()
const port = Number(process.env.PORT ?? 3000)

// The site's own HTTP server around Next's handler, in this process (src/platform/server/serve.ts). Its
// page cache keeps nothing until every page is warm (see keepNothingUntilWarm).
const warm = keepNothingUntilWarm()
const { serve } = await import('../src/platform/server/serve')
await serve({ port, dir: process.cwd() })

// A production Next starts the app at its first request, which waits for it: the app migrates and seeds the
// database first (src/instrumentation-node.ts), so no request is answered from a database half prepared.
const base = `http://localhost:${port}`
await waitForServer(base)
const outcome = preparedAtStart() ?? { ok: false, error: 'the app did not start' }
reportPrepared(outcome)
await warmUp(base, outcome.ok)
warm()
announce(port, outcome)
