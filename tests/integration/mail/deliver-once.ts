/**
 * One "app instance" for the two-process outbox test: boots Payload on DATABASE_URL, runs the outbox once
 * and reports what it sent. Started twice at the same moment by mail-suite.ts (through runInstance).
 */
import { getPayload } from 'payload'

import { reportResult } from '../../support/instances'

const { default: config } = await import('../../../src/cms/payload.config')
const { deliverDueMail } = await import('../../../src/platform/mail/outbox')
const payload = await getPayload({ config })
reportResult(await deliverDueMail(payload))
