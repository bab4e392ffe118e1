import Link from 'next/link'

import {
  formatCents,
  instalmentAmounts,
  instalmentPlanText,
  instalmentSchedule,
  refusedAnswers,
} from '@/domain/packages'
import { payloadClient } from '@/platform/payload'
import { currentAgreement, packageOnSale } from './catalogue'
import { paymentRows, purchaseByToken } from './checkout'
import { AgreementForm, BuyForm, CodeForm, IntakeForm } from './CheckoutForms'
import { settleOnReturn, type SessionOutcome } from './stripe'
import { CHECKOUT_PROBLEMS, CHECKOUT_STEPS, type CheckoutProblem } from './texts'

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`
const sessionsText = (n: number, minutes: number) => `${n} ${n === 1 ? 'session' : 'sessions'} of ${minutes} minutes`

/** Where the buyer is: "Step 3 of 5: Agreement". */
function StepLine({ step }: { step: number }) {
  return (
    <p className="checkout-step">
      Step {step} of {CHECKOUT_STEPS.length}: {CHECKOUT_STEPS[step - 1]}
    </p>
  )
}

function Shell({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <section className="section" aria-labelledby="checkout-heading">
      <div className="container container--narrow">
        <h1 id="checkout-heading">{heading}</h1>
        {children}
      </div>
    </section>
  )
}

/** A plan's payments, one per line ("Payment 2 of 3: $400, 1 month after the first"). */
function InstalmentList({ amount, count }: { amount: number; count: number }) {
  return (
    <ul className="instalments">
      {instalmentSchedule(amount, count).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  )
}

function NotForSale() {
  return (
    <Shell heading="This package is not on sale">
      <p className="lead">It may have been taken off sale, or the link is incomplete.</p>
      <p>
        See the <Link href="/coaching#pricing-heading">coaching packages</Link> or{' '}
        <Link href="/scheduling">book a free discovery call</Link>.
      </p>
    </Shell>
  )
}

/** /coaching/buy/<package>: what the package is, and step 1, the buyer's e-mail address. */
export async function BuyPage({ packageId }: { packageId: string }) {
  const id = /^\d{1,12}$/.test(packageId) ? Number(packageId) : null
  const sale = id === null ? null : await packageOnSale(await payloadClient(), id)
  if (!sale) return <NotForSale />
  return (
    <Shell heading={`Buy the ${sale.title}`}>
      <StepLine step={1} />
      <dl className="call-details">
        <dt>Price</dt>
        <dd>{formatCents(sale.amount)}</dd>
        {sale.instalments && (
          <>
            <dt>Payment</dt>
            <dd>In {instalmentPlanText(sale.amount, sale.instalments)}</dd>
          </>
        )}
        <dt>What you get</dt>
        <dd>{sessionsText(sale.sessions, sale.sessionMinutes)}</dd>
        <dt>Valid for</dt>
        <dd>{days(sale.validityDays)} from your payment</dd>
      </dl>
      <p>Next: a code by e-mail, the agreement, {sale.questions.length ? 'a few questions, ' : ''}then payment.</p>
      <BuyForm packageId={sale.id} title={sale.title} />
    </Shell>
  )
}

const problemText = (code?: string) =>
  code && Object.hasOwn(CHECKOUT_PROBLEMS, code) ? CHECKOUT_PROBLEMS[code as CheckoutProblem] : undefined

function Problem({ text }: { text?: string }) {
  return text ? (
    <p className="error-summary" role="alert">
      {text}
    </p>
  ) : null
}

/**
 * /coaching/checkout/<token>: the step the purchase is at, and when it is done, how to pay. Back from Stripe
 * (`session_id`, or a reload of the page), a card payment is asked of Stripe and settled when paid, so the
 * buyer sees it arrive even before Stripe's webhook does; `payment=cancelled` when they left Stripe's page.
 */
export async function CheckoutPage({
  token,
  problem,
  fields,
  sessionId,
  payment,
}: {
  token: string
  problem?: string
  fields?: string
  sessionId?: string
  payment?: string
}) {
  const payload = await payloadClient()
  let purchase = await purchaseByToken(payload, token)
  let card: SessionOutcome | 'unanswered' | null = null
  if (purchase?.status === 'awaiting-payment' && purchase.paymentMethod === 'stripe') {
    try {
      card = await settleOnReturn(payload, purchase, sessionId)
    } catch (error) {
      console.error(
        `Stripe could not be asked about purchase ${purchase.id}:`,
        error instanceof Error ? error.message : error,
      )
      card = 'unanswered'
    }
    if (card === 'opened' || card === 'already-paid') purchase = await purchaseByToken(payload, token)
  }
  if (!purchase) {
    return (
      <Shell heading="This link is not valid">
        <p className="lead">It may be old or incomplete.</p>
        <p>
          Start again from the <Link href="/coaching#pricing-heading">coaching packages</Link>.
        </p>
      </Shell>
    )
  }
  const said = problemText(problem)
  const title = `Buy the ${purchase.packageTitle}`
  if (purchase.status === 'code-sent') {
    const codeError = problem === 'code-wrong' || problem === 'code-expired' ? CHECKOUT_PROBLEMS[problem] : undefined
    return (
      <Shell heading={title}>
        <StepLine step={2} />
        <p>
          We sent a six-digit code to <strong>{purchase.email}</strong>. Type it here to confirm your e-mail address.
        </p>
        {problem === 'code-expired' ? (
          <>
            <Problem text={said} />
            <p>
              <Link href={`/coaching/buy/${Number(purchase.package)}`}>Start again</Link>
            </p>
          </>
        ) : (
          <CodeForm token={token} error={codeError} />
        )}
      </Shell>
    )
  }
  if (purchase.status === 'verified') {
    const sale = await packageOnSale(payload, Number(purchase.package))
    const version = sale ? await currentAgreement(payload, sale.agreementId) : null
    if (!sale || !version) return <NotForSale />
    return (
      <Shell heading={title}>
        <StepLine step={3} />
        <Problem text={problem === 'agreement-changed' || problem === 'not-on-sale' ? said : undefined} />
        <h2 id="agreement-heading">{version.title}</h2>
        <div className="agreement-text" role="region" aria-labelledby="agreement-heading" tabIndex={0}>
          {version.text.split(/\n\s*\n/).map((para, i) => (
            <p key={i}>{para}</p>
          ))}
        </div>
        <p className="checkout-note">
          Version {version.number}. A copy is mailed to {purchase.email} when you accept.
        </p>
        <AgreementForm
          token={token}
          versionId={version.id}
          errors={{
            name: problem === 'name' ? CHECKOUT_PROBLEMS.name : undefined,
            accept: problem === 'tick' ? CHECKOUT_PROBLEMS.tick : undefined,
          }}
        />
      </Shell>
    )
  }
  if (purchase.status === 'agreed') {
    const sale = await packageOnSale(payload, Number(purchase.package))
    if (!sale) return <NotForSale />
    const wrong = problem === 'intake' ? refusedAnswers(sale.questions, fields) : {}
    return (
      <Shell heading={title}>
        <StepLine step={4} />
        <Problem text={problem === 'intake' ? said : undefined} />
        <h2>A few questions before we start</h2>
        <IntakeForm token={token} questions={sale.questions} wrong={wrong} />
      </Shell>
    )
  }
  if (purchase.status === 'paid') {
    return (
      <Shell heading={title}>
        <p className="form-notice" role="status">
          Your payment has arrived. The link to your page, where you book your sessions, is in your inbox.
        </p>
      </Shell>
    )
  }
  if (purchase.paymentMethod === 'stripe') {
    const returned = Boolean(sessionId)
    return (
      <Shell heading={title}>
        <StepLine step={5} />
        <Problem text={problem === 'stripe-unavailable' ? said : undefined} />
        {payment === 'cancelled' ? (
          <p className="form-notice" role="status">
            You left the payment page without paying: nothing was charged. You can pay whenever you are ready.
          </p>
        ) : returned ? (
          <p className="form-notice" role="status">
            Stripe has not confirmed your payment yet. Reload this page in a moment: it shows the payment as soon as it
            has arrived, and the link to your page is then mailed to you.
          </p>
        ) : (
          <p className="form-notice" role="status">
            Thank you! Your purchase is saved and awaiting payment.
          </p>
        )}
        {purchase.instalments ? (
          <>
            <h2 id="pay-heading">Pay in {instalmentPlanText(purchase.amount, purchase.instalments)} by card</h2>
            <p>
              You pay the first, {formatCents(instalmentAmounts(purchase.amount, purchase.instalments)[0]!)}, now on
              Stripe&rsquo;s secure page: your card details never reach this site. Stripe takes the others from the same
              card, one each month, and then stops. Your sessions open as soon as the first payment arrives.
            </p>
            <InstalmentList amount={purchase.amount} count={purchase.instalments} />
          </>
        ) : (
          <>
            <h2 id="pay-heading">Pay {formatCents(purchase.amount)} by card</h2>
            <p>
              You pay on Stripe&rsquo;s secure page: your card details never reach this site. Stripe then brings you
              back here, and your sessions open as soon as the payment arrives.
            </p>
          </>
        )}
        <p>
          <a className="button button--primary" href={`/coaching/checkout/${encodeURIComponent(token)}/pay`}>
            Pay {formatCents(instalmentAmounts(purchase.amount, purchase.instalments ?? 1)[0]!)} with Stripe
          </a>
        </p>
      </Shell>
    )
  }
  const details = await payload.findGlobal({ slug: 'payment-details', depth: 0, overrideAccess: true })
  return (
    <Shell heading={title}>
      <StepLine step={5} />
      <p className="form-notice" role="status">
        Thank you! Your purchase is saved and awaiting payment. The details are also in your inbox.
      </p>
      {purchase.instalments ? (
        <>
          <h2 id="pay-heading">Pay in {instalmentPlanText(purchase.amount, purchase.instalments)} by bank transfer</h2>
          <p>
            Please send the first payment, {formatCents(instalmentAmounts(purchase.amount, purchase.instalments)[0]!)},
            now, and each of the others a month after the one before, with the same reference.
          </p>
          <InstalmentList amount={purchase.amount} count={purchase.instalments} />
        </>
      ) : (
        <h2 id="pay-heading">Pay {formatCents(purchase.amount)} by bank transfer</h2>
      )}
      <dl className="call-details payment-details">
        {paymentRows(details, purchase.reference ?? '').map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {details.referenceHint && <p>{details.referenceHint}</p>}
      <p>
        Your sessions open as soon as the {purchase.instalments ? 'first ' : ''}payment arrives; you then get a mail
        with the link to your page.
      </p>
    </Shell>
  )
}
