/**
 * The first half of `npm start`: builds when there is no build yet or the sources (or SITE_URL) changed
 * since the last one. The second half runs the compiled server (scripts/site-server.ts).
 */
import { buildIfNeeded } from './lib/server'

Object.assign(process.env, { NEXT_TELEMETRY_DISABLED: '1' })
buildIfNeeded()
