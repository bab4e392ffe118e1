import type { Payload } from 'payload'

const KEY = Symbol.for('coach.payload')
const slot = () => globalThis as { [KEY]?: Payload }

/**
 * The Payload instance this process has started (through ./payload.ts), for code that must not load the
 * Payload config into its own bundle: src/proxy.ts, which Next bundles apart from the app (with the config it
 * would hold a second copy of every collection's code). Undefined until the server has started Payload, which
 * its workers do at start.
 */
export const runningPayload = (): Payload | undefined => slot()[KEY]

/** Records the started instance (./payload.ts does, each time it hands it out). */
export function rememberPayload(payload: Payload): Payload {
  slot()[KEY] = payload
  return payload
}
