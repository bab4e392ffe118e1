import { startBusyCalendarReader } from './features/booking/busy-times'
import { startCheckoutSweeper } from './features/packages/abandoned'
import { startNewsletterSender } from './features/newsletter/sender-worker'
import { startCreditSweeper } from './features/packages/expiry'
import { startWorkshopSweeper } from './features/workshops/sweeper'
import { startOutboxWorker } from './platform/mail/worker'
import { payloadClient } from './platform/payload'
import { prepareOnStart } from './cms/prepare'
import { checkReadiness } from './cms/readiness-check'
import { recordPrepared } from './platform/server/prepared'
import { registerReadinessCheck } from './platform/server/readiness'

// libsql asks for a process report on first open, which makes slow reverse-DNS look-ups unless told not to.
// (excludeNetwork exists since Node 23.3; @types/node 24 does not declare it yet.)
;(process.report as NodeJS.ProcessReport & { excludeNetwork: boolean }).excludeNetwork = true

if (process.env.NEXT_PHASE !== 'phase-production-build') {
  // The production server prepares its database before anything else uses it, in this process: one start of
  // Payload instead of two (it was a program of its own, about 3 s of CPU a start). Next starts the app at
  // its first request and answers it once this module has run, so no request and no worker meets a database
  // still being migrated or seeded. `npm run dev` prepares it before its server starts (scripts/dev.ts).
  if (process.env.NODE_ENV === 'production') recordPrepared(await prepareOnStart(payloadClient))
  startOutboxWorker(payloadClient)
  startNewsletterSender(payloadClient)
  startBusyCalendarReader(payloadClient)
  startWorkshopSweeper(payloadClient)
  startCreditSweeper(payloadClient)
  startCheckoutSweeper(payloadClient)
  registerReadinessCheck(checkReadiness)
}
