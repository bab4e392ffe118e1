/**
 * What the preparation of the database at start came to: the app migrates (and seeds a fresh database) as it
 * starts (src/instrumentation-node.ts), and the server program, loaded outside the app's bundle, reads the
 * outcome once Next is ready, to say how to log in. On globalThis, as the readiness check is: this module
 * imports nothing, so both sides share it without loading the app twice.
 */
export type Prepared = { ok: boolean; seeded?: boolean; users?: number; error?: string }

const KEY = Symbol.for('coach-site.prepared')
const slot = () => globalThis as { [KEY]?: Prepared }

export const recordPrepared = (outcome: Prepared): void => {
  slot()[KEY] = outcome
}

/** The outcome, once the app has started (Next's `prepare` awaits the app's start); undefined before. */
export const preparedAtStart = (): Prepared | undefined => slot()[KEY]
