import Link from 'next/link'

import { MailLink, PhoneLink } from '@/components/ContactLinks'
import { LinkNotValid, PageOfItsOwn } from '@/components/PageOfItsOwn'
import { WORKSHOP_CANCELLATION_HOURS } from '@/domain/business'
import { CANCELLATION_NOTICE_MS, mayCancel } from '@/domain/workshop-seats'
import { readCoachTimeZone } from '@/features/booking/coach-time-zone'
import { formatSlot } from '@/features/booking/slots'
import { getSiteSettings } from '@/features/site/site-settings'
import { payloadClient } from '@/platform/payload'
import { whereFor } from './mails'
import { CancelRegistrationForm, ConfirmSeatForm } from './ManageForms'
import { registrationByToken } from './registration'
import { settleWorkshop, workshopIdOf } from './seats'
import { WORKSHOP_TEXTS } from './texts'
import { REGISTRATION_STATUS_LABELS } from './WorkshopRegistrations'
import { OutcomeNotices, textFor } from '@/components/forms/OutcomeNotices'

const DONE: Record<string, string> = {
  cancelled: WORKSHOP_TEXTS.cancelled,
  confirmed: WORKSHOP_TEXTS.confirmed,
}
const PROBLEMS: Record<string, string> = {
  'too-late': WORKSHOP_TEXTS.tooLate(WORKSHOP_CANCELLATION_HOURS),
  'not-live': 'This registration is already cancelled.',
  lapsed: WORKSHOP_TEXTS.lapsed,
  'not-offered': WORKSHOP_TEXTS.notOffered,
}

/**
 * /workshops/manage/<token>: the attendee's own registration (decision 064). Take an offered seat; cancel until
 * 48 hours before the start (an instant, shown in the coach's zone); after that, the rule and how to reach
 * the coach.
 */
export async function ManageRegistrationPage({
  token,
  done,
  problem,
}: {
  token: string
  done?: string
  problem?: string
}) {
  const payload = await payloadClient()
  const found = await registrationByToken(payload, token)
  if (!found) {
    return (
      <LinkNotValid id="manage-heading" whereTheLinkIs="The link to your registration is in the mail we sent you.">
        See the <Link href="/workshops">upcoming workshops</Link>.
      </LinkNotValid>
    )
  }
  const now = new Date()
  // A hold that ran out since the last sweep ends now, before the page says anything about it.
  await settleWorkshop(payload, workshopIdOf(found), now)
  const r = (await registrationByToken(payload, token))!
  const workshop = await payload.findByID({
    collection: 'workshops',
    id: workshopIdOf(r),
    depth: 0,
    overrideAccess: true,
  })
  const [timeZone, settings] = await Promise.all([readCoachTimeZone(payload), getSiteSettings()])
  const start = new Date(workshop.date)
  const lastCancel = new Date(start.getTime() - CANCELLATION_NOTICE_MS)
  const doneText = textFor(DONE, done)
  const problemText = textFor(PROBLEMS, problem)
  const live = r.status !== 'cancelled'
  return (
    <PageOfItsOwn id="manage-heading" heading="Your Workshop Registration">
      <OutcomeNotices done={doneText} problem={problemText} />
      <dl className="call-details">
        <dt>Workshop</dt>
        <dd>{workshop.title}</dd>
        <dt>Name</dt>
        <dd>{r.name}</dd>
        <dt>When</dt>
        <dd>{formatSlot(start, timeZone)}</dd>
        {r.status === 'registered' && (
          <>
            <dt>Where</dt>
            <dd>{whereFor(workshop)}</dd>
          </>
        )}
        <dt>Status</dt>
        <dd>{REGISTRATION_STATUS_LABELS[r.status]}</dd>
        {r.status === 'offered' && r.holdUntil && (
          <>
            <dt>Seat held until</dt>
            <dd>{formatSlot(new Date(r.holdUntil), timeZone)}</dd>
          </>
        )}
      </dl>
      {r.status === 'offered' && <ConfirmSeatForm token={token} />}
      {!live ? (
        <p>
          This registration is cancelled. See the <Link href="/workshops">upcoming workshops</Link>.
        </p>
      ) : mayCancel(start.getTime(), now.getTime()) ? (
        <>
          <p>
            You can cancel until {formatSlot(lastCancel, timeZone)} ({WORKSHOP_CANCELLATION_HOURS} hours before the
            start).
          </p>
          <CancelRegistrationForm
            token={token}
            label={r.status === 'waitlisted' ? 'Leave the waitlist' : 'Cancel my registration'}
          />
        </>
      ) : (
        <p>
          Registrations can be cancelled online until {WORKSHOP_CANCELLATION_HOURS} hours before the workshop starts (
          {formatSlot(lastCancel, timeZone)}). To cancel now, write to <MailLink email={settings.email} /> or call{' '}
          <PhoneLink phone={settings.phone} />.
        </p>
      )}
    </PageOfItsOwn>
  )
}
