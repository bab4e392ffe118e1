'use client'

import { useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useCallback, useEffect, useState } from 'react'

import { AdminButton } from '@/components/AdminButton'
import { postAction } from '@/platform/admin/post-action'

type RefundState = {
  method: 'bank-transfer' | 'stripe'
  refundable: number
  creditsLeft: number
  shown: { paid: string; refunded: string; refundable: string }
}

/** A new refund request's id: one refund, whatever how often its form is sent (../refunds.ts). */
const newRequestId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')

/** What the purchase's refund form shows (../endpoints.ts), null for a purchase not paid. */
async function readState(id: number | string): Promise<RefundState | null> {
  const res = await fetch(`/cms-api/purchases/${id}/refund`, { credentials: 'include' })
  if (!res.ok) throw new Error(`The refund form could not be read (${res.status}).`)
  return ((await res.json()) as { state: RefundState | null }).state
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * "Refund" on a paid purchase (../refunds.ts): the whole payment or a part of it, and how many credits to take
 * back (all that are left for a whole refund, none for a part, as the coach changes them), asked once more
 * before anything is done. The request id is made when the form is drawn, so a double click or a retry refunds
 * once; a new one after each refund made, or refused in words.
 */
export function RefundPayment() {
  const { id } = useDocumentInfo()
  const status = useFormFields(([fields]) => fields.status?.value as string | undefined)
  const router = useRouter()
  const [state, setState] = useState<RefundState | null>(null)
  const [requestId, setRequestId] = useState(newRequestId)
  const [whole, setWhole] = useState(true)
  const [amount, setAmount] = useState('')
  const [credits, setCredits] = useState('0')
  const [step, setStep] = useState<'form' | 'confirm' | 'sending'>('form')
  const [notice, setNotice] = useState<{ error: string } | { done: string } | null>(null)

  const apply = useCallback((read: RefundState | null) => {
    setState(read)
    if (read) {
      setWhole(true)
      setAmount((read.refundable / 100).toFixed(2))
      setCredits(String(read.creditsLeft))
    }
  }, [])

  useEffect(() => {
    if (status === 'paid' && id) readState(id).then(apply, () => undefined)
  }, [status, id, apply])

  if (status !== 'paid' || !state) return null

  const choose = (toWhole: boolean) => {
    setWhole(toWhole)
    setAmount(toWhole ? (state.refundable / 100).toFixed(2) : '')
    setCredits(String(toWhole ? state.creditsLeft : 0))
    setStep('form')
  }

  const send = async () => {
    setStep('sending')
    setNotice(null)
    const answer = await postAction(
      `/cms-api/purchases/${id}/refund`,
      { requestId, amount: whole ? (state.refundable / 100).toFixed(2) : amount, credits },
      {
        failed: 'The refund could not be made. Please try again.',
        unreached: 'The site did not answer. Reload the page to see whether the refund was made.',
      },
    )
    setStep('form')
    if (!answer.ok) {
      setNotice({ error: answer.text })
      // Refused by the site's own checks: nothing was sent to Stripe, so the next try is a new request.
      if (answer.status === 400) setRequestId(newRequestId())
      return
    }
    setNotice({ done: 'Refunded. The client has been mailed a receipt.' })
    setRequestId(newRequestId())
    await readState(id!).then(apply, () => undefined)
    router.refresh()
  }

  const shownAmount = whole ? state.shown.refundable : `$${amount.trim().replace(/^\$\s*/, '')}`
  const creditsText = /^\d+$/.test(credits.trim()) ? Number(credits) : 0
  const how = state.method === 'stripe' ? 'to the card it was paid with, through Stripe' : 'as sent by bank transfer'

  return (
    <div className="field-type refund-payment" style={{ marginBottom: 'var(--base, 1.5rem)' }}>
      <h3 id="refund-heading" style={{ margin: '0 0 0.5rem', fontSize: '1rem' }}>
        Refund
      </h3>
      <p id="refund-state" style={{ margin: '0 0 0.5rem' }}>
        Paid {state.shown.paid}, refunded {state.shown.refunded}. {plural(state.creditsLeft, 'credit', 'credits')} left
        to book.
      </p>
      {state.refundable === 0 ? (
        <p>Everything paid for this purchase has been refunded.</p>
      ) : (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }} disabled={step !== 'form'}>
          <legend style={{ fontWeight: 600 }}>What to refund</legend>
          <label style={{ display: 'block' }}>
            <input type="radio" name="refund-kind" checked={whole} onChange={() => choose(true)} /> The whole{' '}
            {state.shown.refundable}
          </label>
          <label style={{ display: 'block' }}>
            <input type="radio" name="refund-kind" checked={!whole} onChange={() => choose(false)} /> A part
          </label>
          {!whole && (
            <p style={{ margin: '0.5rem 0' }}>
              <label htmlFor="refund-amount" style={{ display: 'block' }}>
                Amount in dollars (at most {state.shown.refundable})
              </label>
              <input
                id="refund-amount"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(e) => {
                  setAmount(e.target.value)
                  setStep('form')
                }}
              />
            </p>
          )}
          <p style={{ margin: '0.5rem 0' }}>
            <label htmlFor="refund-credits" style={{ display: 'block' }}>
              Credits to take back (0 to {state.creditsLeft})
            </label>
            <input
              id="refund-credits"
              type="number"
              min={0}
              max={state.creditsLeft}
              step={1}
              value={credits}
              onChange={(e) => {
                setCredits(e.target.value)
                setStep('form')
              }}
            />
          </p>
        </fieldset>
      )}
      {state.refundable > 0 && step === 'form' && (
        <AdminButton look="secondary" onClick={() => setStep('confirm')} id="refund-start">
          Refund…
        </AdminButton>
      )}
      {step !== 'form' && (
        <div role="group" aria-labelledby="refund-question">
          <p id="refund-question" style={{ margin: '0.5rem 0' }}>
            Refund {shownAmount} {how}, and take back {plural(creditsText, 'credit', 'credits')}? This cannot be undone.
          </p>
          <AdminButton
            look="primary"
            busy={step === 'sending'}
            busyText="Refunding…"
            onClick={send}
            id="refund-confirm"
          >
            Yes, refund {shownAmount}
          </AdminButton>{' '}
          {step === 'confirm' && (
            <AdminButton look="secondary" onClick={() => setStep('form')} id="refund-cancel">
              Go back
            </AdminButton>
          )}
        </div>
      )}
      {notice && 'error' in notice && (
        <p role="alert" style={{ marginTop: '0.5rem' }}>
          {notice.error}
        </p>
      )}
      {notice && 'done' in notice && (
        <p role="status" style={{ marginTop: '0.5rem', fontWeight: 600 }}>
          {notice.done}
        </p>
      )}
    </div>
  )
}
