import Link from 'next/link'

import { LinkNotValid, PageOfItsOwn } from '@/components/PageOfItsOwn'
import { OutcomeNotices, textFor } from '@/components/forms/OutcomeNotices'
import { formatCents } from '@/domain/packages'
import { priceCents } from '@/domain/workshop-seats'
import { readCoachTimeZone } from '@/features/booking/coach-time-zone'
import { formatSlot } from '@/features/booking/slots'
import { payloadClient } from '@/platform/payload'
import { verifiedConfirmation } from './confirm-token'
import { ConfirmRegistrationForm } from './ManageForms'
import { freeCredits } from './seats'
import { registerPath, WORKSHOP_TEXTS } from './texts'

const PROBLEMS: Record<string, string> = {
  closed: WORKSHOP_TEXTS.closed,
  full: 'Sorry: the workshop filled up (its waitlist too) before you confirmed.',
  expired: WORKSHOP_TEXTS.confirmExpired,
}

/**
 * /workshops/confirm/<token> (decision 080): the page the registration form's mail links to. Opening it
 * changes nothing (mail scanners open links too); the visitor sees what they asked for and presses
 * "Confirm my registration", which registers them. Only the owner of the address reads the mail, so only they
 * learn here whether a credit of theirs pays for the seat.
 */
export async function ConfirmRegistrationPage({ token, problem }: { token: string; problem?: string }) {
  const now = new Date()
  const asked = verifiedConfirmation(token, now)
  if (asked === null) {
    return (
      <LinkNotValid id="confirm-heading" whereTheLinkIs="The link is in the mail we sent when you registered.">
        See the <Link href="/workshops">upcoming workshops</Link>.
      </LinkNotValid>
    )
  }
  const payload = await payloadClient()
  const workshop = await payload
    .findByID({ collection: 'workshops', id: asked.workshop, depth: 0, overrideAccess: true, disableErrors: true })
    .catch(() => null)
  if (!workshop || workshop.published === false || workshop.registerLink) {
    return (
      <PageOfItsOwn id="confirm-heading" heading="This workshop is not open for registration">
        <p className="lead">
          See the <Link href="/workshops">upcoming workshops</Link>.
        </p>
      </PageOfItsOwn>
    )
  }
  const again = workshop.slug ? registerPath(workshop.slug) : '/workshops'
  if (asked.expired) {
    return (
      <PageOfItsOwn id="confirm-heading" heading={`Register: ${workshop.title}`}>
        <p className="lead">
          {WORKSHOP_TEXTS.confirmExpired} <Link href={again}>Register again</Link>.
        </p>
      </PageOfItsOwn>
    )
  }
  const timeZone = await readCoachTimeZone(payload)
  const price = priceCents(workshop.price)
  const credit = price > 0 && (await freeCredits(payload, asked.email)).some((c) => c.amount >= price)
  return (
    <PageOfItsOwn id="confirm-heading" heading={`Confirm your registration: ${workshop.title}`}>
      <OutcomeNotices problem={textFor(PROBLEMS, problem)} />
      <dl className="call-details">
        <dt>When</dt>
        <dd>{formatSlot(new Date(workshop.date), timeZone)}</dd>
        <dt>Name</dt>
        <dd>{asked.name}</dd>
        <dt>E-mail</dt>
        <dd>{asked.email}</dd>
        <dt>Price</dt>
        <dd>
          {price === 0 ? 'Free' : formatCents(price)}
          {credit ? ': your credit for a later workshop pays for this seat' : ''}
        </dd>
      </dl>
      {problem === 'closed' || problem === 'full' ? (
        <p>
          See the <Link href="/workshops">upcoming workshops</Link>.
        </p>
      ) : (
        <ConfirmRegistrationForm token={token} />
      )}
    </PageOfItsOwn>
  )
}
