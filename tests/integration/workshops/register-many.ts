/**
 * One "app instance" for the two-process registration test: boots Payload on DATABASE_URL and makes COUNT
 * simultaneous registrations for one workshop (argv: workshop id, count, clock), reporting each outcome.
 * Started twice at the same moment by workshops-suite.ts (through runInstance).
 */
import { getPayload } from 'payload'

import { reportResult } from '../../support/instances'

const [workshop, count, now] = process.argv.slice(2)
const { default: config } = await import('../../../src/cms/payload.config')
const { registerForWorkshop } = await import('../../../src/features/workshops/seats')
const payload = await getPayload({ config })
const tag = `${process.pid}-${Math.random().toString(36).slice(2)}`
const results = await Promise.all(
  Array.from({ length: Number(count) }, (_, i) =>
    registerForWorkshop(
      payload,
      Number(workshop),
      { name: 'Twin', email: `twin-${tag}-${i}@example.com` },
      new Date(now!),
    ).then((r) => r.outcome),
  ),
)
reportResult(results)
