import { startBuildCopy } from '../../scripts/lib/server'
import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-program'

/**
 * Node's flags for the servers of the browser tests: `npm start`'s ceiling on the old generation, without its
 * two flags that trade CPU for memory (a 1 MB young generation, a heap that grows 20 % at a time: decision
 * record 043). The browser tests keep both cores busy, and the servers take about a third of that; with V8's
 * own young generation and growth the same requests took 25-30 % less of a server's CPU (measured on this
 * machine: 7.2-7.8 s against 5.6 s for the admin's and the public pages' answers). The program and what it
 * answers are the same; what the two flags save is measured where it matters, by `npm run soak` and the
 * benchmarks, whose servers start as `npm start` does. A server that outgrows the ceiling still fails here.
 */
export const TEST_SERVER_NODE_FLAGS = SERVER_NODE_FLAGS.filter((flag) => flag.startsWith('--max-old-space-size='))

/** The production server for a test: startBuildCopy (scripts/lib/server.ts) with TEST_SERVER_NODE_FLAGS. */
export const startTestServer: typeof startBuildCopy = (name, port, env, options = {}) =>
  startBuildCopy(name, port, env, { nodeFlags: TEST_SERVER_NODE_FLAGS, ...options })
