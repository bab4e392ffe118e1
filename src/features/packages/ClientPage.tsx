import Link from 'next/link'

import { formatCents } from '@/domain/packages'
import { readAvailability } from '@/features/booking/calls'
import { formatSlot } from '@/features/booking/slots'
import { payloadClient } from '@/platform/payload'
import { creditBalance } from './ledger'
import { clientKeyOfToken } from './tokens'

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/**
 * /client/<token>: a client's own page, reached by the link mailed when their payment arrived (no password):
 * their credits (bought, used, booked, left), each purchase's receipt and the agreement they accepted.
 */
export async function ClientPage({ token }: { token: string }) {
  const payload = await payloadClient()
  const key = clientKeyOfToken(token)
  const purchases = key
    ? (
        await payload.find({
          collection: 'purchases',
          where: { and: [{ clientKey: { equals: key } }, { status: { equals: 'paid' } }] },
          sort: 'paidAt',
          pagination: false,
          depth: 1,
          overrideAccess: true,
        })
      ).docs
    : []
  if (purchases.length === 0) {
    return (
      <section className="section" aria-labelledby="client-heading">
        <div className="container container--narrow">
          <h1 id="client-heading">This link is not valid</h1>
          <p className="lead">
            It may be old or incomplete. The link to your page is in the mail that confirmed your payment.
          </p>
          <p>
            See the <Link href="/coaching#pricing-heading">coaching packages</Link>.
          </p>
        </div>
      </section>
    )
  }
  const email = purchases[0]!.email
  const [balance, { timeZone: zone }] = await Promise.all([creditBalance(payload, email), readAvailability(payload)])
  const name = purchases.findLast((p) => p.agreedName)?.agreedName
  return (
    <section className="section" aria-labelledby="client-heading">
      <div className="container container--narrow">
        <h1 id="client-heading">{name ? `Welcome, ${name}` : 'Your coaching'}</h1>
        <h2 id="credits-heading">Your sessions</h2>
        <dl className="call-details credit-counts">
          <dt>Bought</dt>
          <dd>{balance.bought}</dd>
          <dt>Used</dt>
          <dd>{balance.used}</dd>
          <dt>Booked</dt>
          <dd>{balance.held}</dd>
          <dt>Left to book</dt>
          <dd>{balance.left}</dd>
          {balance.forfeited > 0 && (
            <>
              <dt>Expired</dt>
              <dd>{balance.forfeited}</dd>
            </>
          )}
          {balance.refunded > 0 && (
            <>
              <dt>Refunded</dt>
              <dd>{balance.refunded}</dd>
            </>
          )}
        </dl>
        {balance.left > 0 && (
          <p>
            {n(balance.left, 'session is', 'sessions are')} ready to book. To book now, write to your coach with the
            times that suit you; booking from this page comes next.
          </p>
        )}
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
                <dd>
                  {formatCents(p.amount)} {p.paymentMethod === 'stripe' ? 'by card' : 'by bank transfer'}, received{' '}
                  {p.paidAt ? formatSlot(new Date(p.paidAt), zone) : ''}
                </dd>
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
