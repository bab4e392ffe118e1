import Link from 'next/link'

import { MailLink, PhoneLink } from '@/components/ContactLinks'
import { LinkNotValid, PageOfItsOwn } from '@/components/PageOfItsOwn'
import { WORKSHOP_CANCELLATION_HOURS } from '@/domain/business'
import { formatCents } from '@/domain/packages'
import { CANCELLATION_NOTICE_MS, hasEnded, mayCancel } from '@/domain/workshop-seats'
import { paymentRows } from '@/features/packages/payment-lines'
import { stripeEnabled } from '@/platform/stripe'
import { readCoachTimeZone } from '@/features/booking/coach-time-zone'
import { formatSlot } from '@/features/booking/slots'
import { getSiteSettings } from '@/features/site/site-settings'
import { payloadClient } from '@/platform/payload'
import { whereFor } from './mails'
import { CancelRegistrationForm, ConfirmSeatForm } from './ManageForms'
import { registrationByToken } from './registration'
import { settleSeatOnReturn } from './card'
import { freeCredits, paidSeat, settleWorkshop, workshopIdOf } from './seats'
import { WORKSHOP_TEXTS } from './texts'
import { REGISTRATION_STATUS_LABELS } from './WorkshopRegistrations'
import { OutcomeNotices, textFor } from '@/components/forms/OutcomeNotices'

const DONE: Record<string, string> = {
  // Back from the confirmation link's button (decision 080).
  registered: WORKSHOP_TEXTS.registered,
  held: WORKSHOP_TEXTS.held,
  waitlisted: WORKSHOP_TEXTS.waitlisted,
  cancelled: WORKSHOP_TEXTS.cancelled,
  confirmed: WORKSHOP_TEXTS.confirmed,
  refunded: WORKSHOP_TEXTS.refunded,
  credited: WORKSHOP_TEXTS.credited,
  paid: WORKSHOP_TEXTS.paid,
  pending: WORKSHOP_TEXTS.paymentPending,
}
const PROBLEMS: Record<string, string> = {
  'too-late': WORKSHOP_TEXTS.tooLate(WORKSHOP_CANCELLATION_HOURS),
  'not-live': 'This registration is already cancelled.',
  lapsed: WORKSHOP_TEXTS.lapsed,
  'not-offered': WORKSHOP_TEXTS.notOffered,
  'payment-due': WORKSHOP_TEXTS.paymentDue,
  'not-paid': 'You came back without paying: the seat is still held for you until the time below.',
  choose: WORKSHOP_TEXTS.choose,
  unavailable: WORKSHOP_TEXTS.stripeUnavailable,
  'stripe-unavailable': WORKSHOP_TEXTS.stripeUnavailable,
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
  returnedFrom,
  payment,
}: {
  token: string
  done?: string
  problem?: string
  /** Back from Stripe: the Checkout Session paid (decision 070), or `payment=cancelled`. */
  returnedFrom?: string
  payment?: string
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
  let r = (await registrationByToken(payload, token))!
  // Back from paying by card: the seat is confirmed here if Stripe's webhook has not done it yet.
  let back: 'paid' | 'pending' | null = null
  if (returnedFrom && r.status === 'offered') {
    const outcome = await settleSeatOnReturn(payload, r, returnedFrom, now).catch((error: unknown) => {
      console.error(`A card payment for registration ${r.id} could not be checked:`, error)
      return 'unpaid' as const
    })
    r = (await registrationByToken(payload, token))!
    back = outcome === 'registered' || outcome === 'already' ? 'paid' : 'pending'
  } else if (returnedFrom && r.status === 'registered' && r.paidWith === 'stripe') back = 'paid'
  const workshop = await payload.findByID({
    collection: 'workshops',
    id: workshopIdOf(r),
    depth: 0,
    overrideAccess: true,
  })
  const [timeZone, settings] = await Promise.all([readCoachTimeZone(payload), getSiteSettings()])
  const start = new Date(workshop.date)
  const lastCancel = new Date(start.getTime() - CANCELLATION_NOTICE_MS)
  const doneText = textFor(DONE, back ?? done)
  const problemText = textFor(PROBLEMS, payment === 'cancelled' && r.status === 'offered' ? 'not-paid' : problem)
  const live = !hasEnded(r.status)
  const price = r.price ?? 0
  const paid = paidSeat(r)
  const owed = r.status === 'offered' && price > 0
  const credit = owed ? (await freeCredits(payload, r.email)).some((c) => c.amount >= price) : false
  const card = owed && stripeEnabled()
  const details =
    owed && !card ? await payload.findGlobal({ slug: 'payment-details', depth: 0, overrideAccess: true }) : null
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
        {price > 0 && (
          <>
            <dt>Price</dt>
            <dd>
              {formatCents(price)}
              {paid ? ` (paid${r.paidWith === 'credit' ? ' with a credit' : ''})` : ''}
            </dd>
          </>
        )}
        {r.status === 'offered' && r.holdUntil && (
          <>
            <dt>Seat held until</dt>
            <dd>{formatSlot(new Date(r.holdUntil), timeZone)}</dd>
          </>
        )}
      </dl>
      {r.status === 'offered' && !owed && <ConfirmSeatForm token={token} />}
      {owed && (
        <section aria-labelledby="pay-heading">
          <h2 id="pay-heading">Pay {formatCents(price)} to keep your seat</h2>
          {credit ? (
            <ConfirmSeatForm token={token} label="Take the seat with my credit" />
          ) : card ? (
            <>
              <p>You pay on Stripe&rsquo;s secure page: your card details never reach this site.</p>
              <p>
                <a
                  className="button button--primary"
                  href={`/workshops/manage/${encodeURIComponent(token)}/pay`}
                  id="pay-by-card"
                >
                  Pay {formatCents(price)} by card
                </a>
              </p>
            </>
          ) : (
            <>
              <p>Please pay by bank transfer:</p>
              <dl className="call-details payment-details">
                {paymentRows(details ?? {}, r.reference ?? '').map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              {details?.referenceHint && <p>{details.referenceHint}</p>}
              <p>
                The seat is yours as soon as the payment is received; we then e-mail you the details and the invite.
              </p>
            </>
          )}
        </section>
      )}
      {!live ? (
        <p>
          {r.status === 'refunded'
            ? 'This registration is cancelled and refunded.'
            : r.status === 'credited'
              ? 'This registration is cancelled; its price is a credit for a later workshop.'
              : 'This registration is cancelled.'}{' '}
          See the <Link href="/workshops">upcoming workshops</Link>.
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
            {...(paid
              ? {
                  paid: {
                    refund:
                      r.paidWith === 'credit'
                        ? null
                        : `Refund my ${formatCents(price)}${r.paidWith === 'stripe' ? ' to my card' : ''}`,
                    credit: `Keep ${formatCents(price)} as a credit for a later workshop (register with this e-mail address)`,
                  },
                }
              : {})}
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
