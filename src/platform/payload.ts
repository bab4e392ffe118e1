import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { rememberPayload } from './payload-running'

/** The one way the site reaches Payload's Local API. */
export const payloadClient = (): Promise<Payload> => getPayload({ config }).then(rememberPayload)

/**
 * During `next build` there is deliberately no database: reads fail fast and their short failure lifetime
 * makes the first requests after start render the real content.
 */
export const isBuildPhase = (): boolean => process.env.NEXT_PHASE === 'phase-production-build'
