/**
 * One "app instance" for the two-process booking test: boots Payload on DATABASE_URL and makes COUNT
 * simultaneous booking attempts of one time (argv: slot, count, clock), reporting each answer's status and
 * text. Started twice at the same moment by booking-suite.ts (through runInstance).
 */
import { getPayload } from 'payload'

import { reportResult } from '../../support/instances'

const [slot, count, now] = process.argv.slice(2)
const { default: config } = await import('../../../src/cms/payload.config')
const { bookCall } = await import('../../../src/features/booking/book')
const payload = await getPayload({ config })
const tag = `${process.pid}-${Math.random().toString(36).slice(2)}`
const results = await Promise.all(
  Array.from({ length: Number(count) }, (_, i) =>
    bookCall(
      payload,
      { slot, name: 'Twin', email: `twin-${tag}-${i}@example.com`, timeZone: 'UTC' },
      { ipHash: `twin-${tag}-${i}` },
      new Date(now!),
    ).then((r) => `${r.status}: ${r.message}`),
  ),
)
reportResult(results)
