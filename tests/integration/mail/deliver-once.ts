/**
 * One "app instance" for the two-process outbox test: boots Payload on DATABASE_URL, runs the outbox once
 * and prints what it sent. Started twice at the same moment by forms-suite.ts.
 */
import { getPayload } from 'payload'

const { default: config } = await import('../../../src/cms/payload.config')
const { deliverDueMail } = await import('../../../src/platform/mail/outbox')
const payload = await getPayload({ config })
const report = await deliverDueMail(payload)
console.log(JSON.stringify(report))
process.exit(0)
