import Link from 'next/link'

import { MailLink, PhoneLink } from '@/components/ContactLinks'
import { LinkNotValid, PageOfItsOwn } from '@/components/PageOfItsOwn'
import { getSiteSettings } from '@/features/site/site-settings'
import { payloadClient } from '@/platform/payload'
import { visitorMayChange } from './book'
import { currentSlots } from './BookingPage'
import { callByToken, readAvailability } from './calls'
import { CancelCallForm, MoveCallForm } from './ManageForms'
import { meetingOf, whereText } from './meeting'
import { SLOT_GONE, SLOT_TAKEN } from './rules'
import { formatSlot } from './slots'
import { OutcomeNotices, textFor } from '@/components/forms/OutcomeNotices'

const DONE: Record<string, string> = {
  moved: 'Your call has a new time. The updated invite is on its way to your inbox.',
  cancelled: 'Your call is cancelled. A note is on its way to your inbox.',
}
const PROBLEMS: Record<string, string> = {
  'too-late': 'Calls can only be changed online until 24 hours before they start.',
  'slot-taken': SLOT_TAKEN,
  'slot-gone': SLOT_GONE,
  'no-slot': 'Please pick a time.',
  'not-booked': 'This call is no longer booked.',
}

/** /scheduling/manage/<token>: the visitor's own call, to reschedule or cancel until 24 hours before it. */
export async function ManageCallPage({ token, done, problem }: { token: string; done?: string; problem?: string }) {
  const payload = await payloadClient()
  const call = await callByToken(payload, token)
  // A token the site did not make never gets here (src/proxy.ts answers it with the 404 page); this is a
  // genuine link whose call was deleted from the admin.
  if (!call) {
    return (
      <LinkNotValid id="manage-heading" whereTheLinkIs="The link to your call is in the mail that confirmed it.">
        <Link href="/scheduling">Book a discovery call</Link> or send a message through the{' '}
        <Link href="/schedule-and-contact#contact-heading">contact form</Link>.
      </LinkNotValid>
    )
  }
  const [a, settings] = [await readAvailability(payload), await getSiteSettings()]
  const now = new Date()
  const start = new Date(call.startsAt)
  const visitorZone = call.visitorTimeZone && call.visitorTimeZone !== a.timeZone ? call.visitorTimeZone : null
  const where = whereText(meetingOf(call), 'visitor', { coach: settings.brand.name, visitor: call.name })
  const mayChange = visitorMayChange(call, now)
  const current = mayChange ? await currentSlots(now) : null
  const doneText = textFor(DONE, done)
  const problemText = textFor(PROBLEMS, problem)
  return (
    <PageOfItsOwn id="manage-heading" heading="Your Discovery Call">
      <OutcomeNotices done={doneText} problem={problemText} />
      <dl className="call-details">
        <dt>Name</dt>
        <dd>{call.name}</dd>
        {visitorZone && (
          <>
            <dt>Your time</dt>
            <dd>
              {formatSlot(start, visitorZone)} ({visitorZone})
            </dd>
          </>
        )}
        <dt>{visitorZone ? 'The coach’s time' : 'Time'}</dt>
        <dd>
          {formatSlot(start, a.timeZone)} ({a.timeZone})
        </dd>
        {where && (
          <>
            <dt>Where</dt>
            <dd>{where}</dd>
          </>
        )}
        <dt>Status</dt>
        <dd>{call.status === 'booked' ? 'Booked' : 'Cancelled'}</dd>
      </dl>
      {call.status !== 'booked' ? (
        <p>
          This call is cancelled. <Link href="/scheduling">Book another discovery call</Link>.
        </p>
      ) : !mayChange ? (
        <p>
          Calls can be moved or cancelled online until 24 hours before they start. To change this one now, write to{' '}
          <MailLink email={settings.email} /> or call <PhoneLink phone={settings.phone} />.
        </p>
      ) : (
        <>
          <CancelCallForm token={token} />
          {current && current.slots.length > 0 && (
            <MoveCallForm token={token} slots={current.slots} coachTimeZone={a.timeZone} />
          )}
        </>
      )}
    </PageOfItsOwn>
  )
}
