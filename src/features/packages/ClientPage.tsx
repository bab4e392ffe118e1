import Link from 'next/link'

import { clientCounts } from '@/domain/credits'
import { formatCents } from '@/domain/packages'
import { textFor, OutcomeNotices } from '@/components/forms/OutcomeNotices'
import { readBookingRules } from '@/features/booking/calls'
import { meetingOf, meetingSentence, whereText } from '@/features/booking/meeting'
import { formatSlot } from '@/features/booking/slots'
import { mailSettings } from '@/platform/mail/settings'
import { payloadClient } from '@/platform/payload'
import { clientAccess } from './client-access'
import { ClientLinkForm } from './ClientLinkForm'
import { creditBalance } from './ledger'
import { instalmentsPaid } from './paid'
import { BookSessionForm, CancelSessionForm, MoveSessionForm } from './SessionForms'
import { clientByToken, nextPurchase, sessionDone, sessionProblems, sessionSlots, sessionsOf } from './sessions'
import { readCreditRules } from './SessionRules'
import { CLIENT_PAGE_CLOSED } from './texts'

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`
const HOUR = 60 * 60 * 1000

/**
 * /client/<token>: a client's own page, reached by the link mailed when their payment arrived (no password):
 * their credits in their words (bought, used, left: a booked session has used one), their upcoming sessions to move or cancel, the open times to book
 * the next one from a credit (decision 065), each purchase's receipt and the agreement they accepted.
 * `done` and `problem` are the codes a session form's post comes back with.
 */
export async function ClientPage({ token, done, problem }: { token: string; done?: string; problem?: string }) {
  const payload = await payloadClient()
  const access = await clientAccess(payload, token, new Date())
  const client = access.status === 'open' ? await clientByToken(payload, token) : null
  if (!client) {
    const { heading, lead } = CLIENT_PAGE_CLOSED[access.status === 'open' ? 'unknown' : access.status]
    return (
      <section className="section" aria-labelledby="client-heading">
        <div className="container container--narrow">
          <h1 id="client-heading">{heading}</h1>
          <p className="lead">{lead}</p>
          <ClientLinkForm />
          <p>
            See the <Link href="/coaching#pricing-heading">coaching packages</Link>.
          </p>
        </div>
      </section>
    )
  }
  const { purchases, email } = client
  const now = new Date()
  const [rules, balance, { availability, meeting }, sessions, settings] = [
    await readCreditRules(payload),
    await creditBalance(payload, email),
    await readBookingRules(payload),
    await sessionsOf(payload, email),
    await mailSettings(payload),
  ]
  // Purchases paid in instalments (decision 071): how many of their monthly payments are in.
  const instalmentsIn = new Map<number, number>()
  for (const p of purchases) if (p.instalments) instalmentsIn.set(p.id, await instalmentsPaid(payload, p))
  const zone = availability.timeZone
  const names = { coach: settings.brand.name, visitor: client.name }
  // The number they gave last, to start the booking form with when the coach calls.
  const lastPhone = sessions.findLast((s) => s.phone)?.phone
  const upcoming = sessions.filter((s) => s.status === 'booked' && new Date(s.endsAt).getTime() > now.getTime())
  const next = nextPurchase(balance, purchases, now)
  const toBook = next
    ? await sessionSlots(payload, { minutes: next.purchase.sessionMinutes, before: next.validUntil, now })
    : null
  const name = purchases.findLast((p) => p.agreedName)?.agreedName
  const NOTICE_HOURS = rules.coachingRescheduleNoticeHours
  const counts = clientCounts(balance)
  return (
    <section className="section" aria-labelledby="client-heading">
      <div className="container container--narrow">
        <h1 id="client-heading">{name ? `Welcome, ${name}` : 'Your coaching'}</h1>
        <div id="sessions-notice">
          <OutcomeNotices
            done={textFor(sessionDone(rules, counts.left), done)}
            problem={textFor(sessionProblems(rules), problem)}
          />
        </div>
        <h2 id="credits-heading">Your sessions</h2>
        <dl className="call-details credit-counts">
          <dt>Credits bought</dt>
          <dd>{counts.bought}</dd>
          <dt>Used</dt>
          <dd>{counts.used}</dd>
          <dt>Left</dt>
          <dd>{counts.left}</dd>
          {counts.forfeited > 0 && (
            <>
              <dt>Expired</dt>
              <dd>{counts.forfeited}</dd>
            </>
          )}
          {counts.refunded > 0 && (
            <>
              <dt>Refunded</dt>
              <dd>{counts.refunded}</dd>
            </>
          )}
        </dl>
        <p className="credit-rule">
          Booking a session uses one credit.
          {rules.lateCancellationUsesCredit
            ? ` Cancel at least ${NOTICE_HOURS} hours before and it is yours again.`
            : ' Cancel it and it is yours again.'}
        </p>
        <h2 id="upcoming-heading">Upcoming sessions</h2>
        {upcoming.length === 0 ? (
          <p>No sessions booked yet.</p>
        ) : (
          <ul className="client-sessions">
            {await Promise.all(
              upcoming.map(async (s) => {
                const start = new Date(s.startsAt)
                const when = formatSlot(start, zone)
                const ahead = start.getTime() - now.getTime()
                const minutes = Math.round((new Date(s.endsAt).getTime() - start.getTime()) / 60_000)
                const where = whereText(meetingOf(s), 'visitor', names)
                const movable = ahead >= NOTICE_HOURS * HOUR
                const purchaseId = typeof s.purchase === 'object' ? s.purchase?.id : s.purchase
                const own = purchaseId ? balance.purchases[String(purchaseId)] : undefined
                const moveTo =
                  movable && own
                    ? await sessionSlots(payload, { minutes, before: own.validUntil, except: s.id, now })
                    : null
                return (
                  <li key={s.id} className="client-session">
                    <h3 id={`session-${s.id}`}>{when}</h3>
                    <p>
                      {s.packageTitle ? `${s.packageTitle}, ` : ''}
                      {minutes} minutes ({zone})
                    </p>
                    {where && <p className="session-where">Where: {where}</p>}
                    {ahead <= 0 ? (
                      <p>This session has started.</p>
                    ) : (
                      <>
                        {!movable && (
                          <p>
                            {`This session starts in less than ${NOTICE_HOURS} hours, so it can no longer be moved.`}
                          </p>
                        )}
                        <CancelSessionForm
                          token={token}
                          session={s.id}
                          when={when}
                          note={
                            !rules.lateCancellationUsesCredit
                              ? 'Cancelling it gives its credit back.'
                              : movable
                                ? `You can cancel until ${NOTICE_HOURS} hours before it starts and keep its credit.`
                                : `It starts in less than ${NOTICE_HOURS} hours: cancelling now uses its credit.`
                          }
                        />
                        {moveTo && moveTo.slots.length > 0 && (
                          <details className="move-session">
                            <summary>
                              Move to another time<span className="visually-hidden">: the session on {when}</span>
                            </summary>
                            <MoveSessionForm
                              token={token}
                              session={s.id}
                              when={when}
                              slots={moveTo.slots}
                              timeZone={moveTo.timeZone}
                            />
                          </details>
                        )}
                      </>
                    )}
                  </li>
                )
              }),
            )}
          </ul>
        )}
        {balance.left > 0 &&
          (toBook && toBook.slots.length > 0 ? (
            <BookSessionForm
              token={token}
              slots={toBook.slots}
              timeZone={toBook.timeZone}
              minutes={toBook.minutes}
              meeting={meetingSentence(meeting.kind, meeting.place, settings.brand.name)}
              askPhone={meeting.kind === 'phone'}
              phone={lastPhone}
            />
          ) : (
            <p>
              {n(balance.left, 'session is', 'sessions are')} ready to book, and no times are open before they expire at
              the moment. Please write to your coach with the times that suit you.
            </p>
          ))}
        <h2 id="purchases-heading">Receipts and agreements</h2>
        {purchases.map((p) => {
          const version = typeof p.agreementVersion === 'object' ? p.agreementVersion : null
          const own = balance.purchases[String(p.id)]
          return (
            <article key={p.id} className="client-purchase" aria-labelledby={`purchase-${p.id}`}>
              <h3 id={`purchase-${p.id}`}>{p.packageTitle}</h3>
              <dl className="call-details">
                <dt>Reference</dt>
                <dd>{p.reference}</dd>
                <dt>Paid</dt>
                {p.instalments ? (
                  <dd>
                    {formatCents(own?.paid ?? 0)} of {formatCents(p.amount)}{' '}
                    {p.paymentMethod === 'stripe' ? 'by card' : 'by bank transfer'}: {instalmentsIn.get(p.id) ?? 0} of{' '}
                    {p.instalments} monthly payments received, the first on{' '}
                    {p.paidAt ? formatSlot(new Date(p.paidAt), zone) : ''}
                  </dd>
                ) : (
                  <dd>
                    {formatCents(p.amount)} {p.paymentMethod === 'stripe' ? 'by card' : 'by bank transfer'}, received{' '}
                    {p.paidAt ? formatSlot(new Date(p.paidAt), zone) : ''}
                  </dd>
                )}
                <dt>Sessions</dt>
                <dd>
                  {n(p.sessions, 'session', 'sessions')} of {p.sessionMinutes} minutes
                </dd>
                {own && (
                  <>
                    <dt>Valid until</dt>
                    <dd>{formatSlot(new Date(own.validUntil), zone)}</dd>
                  </>
                )}
                <dt>Agreement</dt>
                <dd>
                  Accepted by typing “{p.agreedName}” on {p.agreedAt ? formatSlot(new Date(p.agreedAt), zone) : ''} (
                  {zone})
                </dd>
              </dl>
              {version && (
                <details>
                  <summary>
                    Read the agreement you accepted<span className="visually-hidden"> for the {p.packageTitle}</span>
                  </summary>
                  <h4>
                    {version.title}, version {version.number}
                  </h4>
                  {version.text.split(/\n\s*\n/).map((para, i) => (
                    <p key={i}>{para}</p>
                  ))}
                  <p className="checkout-note">SHA-256: {p.agreementHash}</p>
                </details>
              )}
            </article>
          )
        })}
      </div>
    </section>
  )
}
