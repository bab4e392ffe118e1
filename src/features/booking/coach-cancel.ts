import { ValidationError, type CollectionAfterChangeHook, type CollectionBeforeChangeHook } from 'payload'

import type { DiscoveryCall } from '@/payload-types'
import { cancelQueuedMail, enqueueMail } from '@/platform/mail/outbox'
import { mailSettings } from '@/platform/mail/settings'
import { readAvailability } from './calls'
import { cancelledMails } from './mails'

/** Set by the site's own booking code on its writes: the hooks below are for the coach's edits in the admin. */
export const SITE_WRITE = 'bookingSiteWrite'

const cancelledByCoach = (before: Partial<DiscoveryCall> | undefined, after: Partial<DiscoveryCall>) =>
  before?.status === 'booked' && after.status === 'cancelled'

/** The coach cancels in the admin: record when and by whom, and raise the invite's SEQUENCE. */
export const stampCoachCancel: CollectionBeforeChangeHook<DiscoveryCall> = ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || req.context?.[SITE_WRITE]) return data
  if (originalDoc?.status === 'cancelled' && data.status === 'booked') {
    throw new ValidationError({
      collection: 'discovery-calls',
      errors: [
        {
          path: 'status',
          message: 'A cancelled call cannot be booked again here. The visitor can book a new time at /scheduling.',
        },
      ],
    })
  }
  if (!cancelledByCoach(originalDoc, data)) return data
  return {
    ...data,
    cancelledAt: new Date().toISOString(),
    cancelledBy: 'coach' as const,
    sequence: (originalDoc?.sequence ?? 0) + 1,
  }
}

/** …then tell the visitor (and the coach's calendar) with METHOD:CANCEL, and withdraw the reminders. */
export const mailCoachCancel: CollectionAfterChangeHook<DiscoveryCall> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || req.context?.[SITE_WRITE] || !cancelledByCoach(previousDoc, doc)) return doc
  const { payload } = req
  const [a, settings] = [await readAvailability(payload, req), await mailSettings(payload, req)]
  const reference = `discovery-calls:${doc.id}`
  await cancelQueuedMail(payload, { reference, kind: 'call-reminder-24h' }, req)
  await cancelQueuedMail(payload, { reference, kind: 'call-reminder-1h' }, req)
  const now = new Date()
  for (const [i, mail] of cancelledMails(doc, a.timeZone, settings, 'coach').entries()) {
    await enqueueMail(payload, { kind: i ? 'call-cancelled-coach' : 'call-cancelled', mail, now, reference }, req)
  }
  return doc
}
