import { startBusyCalendarReader } from './features/booking/busy-times'
import { startCheckoutSweeper } from './features/packages/abandoned'
import { startNewsletterSender } from './features/newsletter/sender-worker'
import { startCreditSweeper } from './features/packages/expiry'
import { startWorkshopSweeper } from './features/workshops/sweeper'
import { startOutboxWorker } from './platform/mail/worker'
import { payloadClient } from './platform/payload'
import { checkReadiness } from './cms/readiness-check'
import { registerReadinessCheck } from './platform/server/readiness'

// libsql asks for a process report on first open, which makes slow reverse-DNS look-ups unless told not to.
// (excludeNetwork exists since Node 23.3; @types/node 24 does not declare it yet.)
;(process.report as NodeJS.ProcessReport & { excludeNetwork: boolean }).excludeNetwork = true

if (process.env.NEXT_PHASE !== 'phase-production-build') {
  startOutboxWorker(payloadClient)
  startNewsletterSender(payloadClient)
  startBusyCalendarReader(payloadClient)
  startWorkshopSweeper(payloadClient)
  startCreditSweeper(payloadClient)
  startCheckoutSweeper(payloadClient)
  registerReadinessCheck(checkReadiness)
}
