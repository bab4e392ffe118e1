'use client'

import { useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useCallback, useEffect, useState } from 'react'

import { AdminButton } from '@/components/AdminButton'
import { formatCents } from '@/domain/packages'
import { postAction } from '@/platform/admin/post-action'
import type { InstalmentState } from '../paid'

/**
 * "Mark payment received" on a purchase awaiting a bank transfer: one press opens the credits and mails the
 * client their page (../endpoints.ts; a second press changes nothing). While it works the button says so and
 * cannot be pressed again; then the screen is read again.
 */
export function MarkPaid() {
  const instalments = useFormFields(([fields]) => fields.instalments?.value as number | null | undefined)
  return instalments ? <MarkInstalments /> : <MarkPaidInFull />
}

async function readPlan(id: number | string | undefined): Promise<InstalmentState | null> {
  const res = await fetch(`/cms-api/purchases/${id}/instalments`, { credentials: 'include', cache: 'no-store' })
  if (!res.ok) throw new Error(`The payments could not be read (${res.status}).`)
  return ((await res.json()) as { instalments: InstalmentState | null }).instalments
}

/** What the coach reads when marking a payment fails without the server's own words. */
const MARKING = {
  failed: 'The payment could not be marked received. Please try again.',
  unreached: 'The site did not answer. Reload the page to see whether it was marked.',
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/**
 * A purchase paid in monthly instalments (decision 071): how many are in, the next one's amount and day (and
 * when it is overdue or Stripe could not take it); for a bank transfer, "Mark payment n of N received", which
 * names the instalment, so a double click marks it once.
 */
function MarkInstalments() {
  const { id } = useDocumentInfo()
  const status = useFormFields(([fields]) => fields.status?.value as string | undefined)
  const method = useFormFields(([fields]) => fields.paymentMethod?.value as string | undefined)
  const router = useRouter()
  const [plan, setPlan] = useState<InstalmentState | null>(null)
  const [state, setState] = useState<'idle' | 'saving' | { error: string }>('idle')
  const read = useCallback(() => readPlan(id), [id])
  useEffect(() => {
    if (id) read().then(setPlan, () => setState({ error: 'The payments could not be read. Please reload the page.' }))
  }, [id, read])

  if (status !== 'awaiting-payment' && status !== 'lapsed' && status !== 'paid') {
    return (
      <p className="field-type mark-paid" id="purchase-paid-state">
        Not finished by the buyer yet: nothing to mark paid.
      </p>
    )
  }
  if (!plan) return <p className="field-type mark-paid">Reading the payments…</p>
  const press = async () => {
    setState('saving')
    const answer = await postAction(`/cms-api/purchases/${id}/mark-paid`, { instalment: plan.next }, MARKING)
    if (!answer.ok) return setState({ error: answer.text })
    setState('idle')
    await read().then(setPlan, () => setState({ error: MARKING.unreached }))
    router.refresh()
  }
  return (
    <div className="field-type mark-paid" style={{ marginBottom: 'var(--base, 1.5rem)' }}>
      <p style={{ margin: '0 0 0.5rem', fontWeight: 600 }} id="purchase-paid-state">
        Monthly payments received: {plan.paid} of {plan.of}.{' '}
        {plan.paid > 0 ? 'The credits are open.' : 'The credits open with the first.'}
      </p>
      {plan.next && plan.nextDue && (
        <p style={{ margin: '0 0 0.5rem' }} id="purchase-next-instalment" role={plan.overdue ? 'alert' : undefined}>
          Payment {plan.next} of {plan.of}, {formatCents(plan.nextAmount!)},{' '}
          {plan.overdue ? `was due on ${day(plan.nextDue)} and has not arrived.` : `is due on ${day(plan.nextDue)}.`}
        </p>
      )}
      {plan.problem && (
        <p style={{ margin: '0 0 0.5rem' }} role="alert" id="purchase-instalment-problem">
          {plan.problem}
        </p>
      )}
      {plan.next && method !== 'stripe' && (
        <AdminButton look="primary" busy={state === 'saving'} busyText="Marking…" onClick={press} id="mark-paid">
          Mark payment {plan.next} of {plan.of} received ({formatCents(plan.nextAmount!)})
        </AdminButton>
      )}
      {plan.next && method === 'stripe' && (
        <p style={{ margin: 0 }}>Stripe takes each payment from the buyer&rsquo;s card; it is recorded by itself.</p>
      )}
      {typeof state === 'object' && (
        <p role="alert" style={{ marginTop: '0.5rem' }}>
          {state.error}
        </p>
      )}
    </div>
  )
}

function MarkPaidInFull() {
  const { id } = useDocumentInfo()
  const status = useFormFields(([fields]) => fields.status?.value as string | undefined)
  const method = useFormFields(([fields]) => fields.paymentMethod?.value as string | undefined)
  const router = useRouter()
  const [state, setState] = useState<'idle' | 'saving' | { error: string } | 'done'>('idle')

  if (status === 'paid' || state === 'done') {
    return (
      <p className="field-type mark-paid" id="purchase-paid-state" style={{ fontWeight: 600 }}>
        Paid: the credits are open.
      </p>
    )
  }
  if (status !== 'awaiting-payment' && status !== 'lapsed') {
    return (
      <p className="field-type mark-paid" id="purchase-paid-state">
        Not finished by the buyer yet: nothing to mark paid.
      </p>
    )
  }
  if (method === 'stripe') {
    return (
      <p className="field-type mark-paid" id="purchase-paid-state">
        Awaiting the buyer&rsquo;s card payment: it is marked paid by itself when Stripe confirms it.
      </p>
    )
  }
  const press = async () => {
    setState('saving')
    const answer = await postAction(`/cms-api/purchases/${id}/mark-paid`, {}, MARKING)
    if (!answer.ok) return setState({ error: answer.text })
    setState('done')
    router.refresh()
  }
  return (
    <div className="field-type mark-paid" style={{ marginBottom: 'var(--base, 1.5rem)' }}>
      <p style={{ margin: '0 0 0.5rem' }} id="purchase-paid-state">
        Awaiting a bank transfer.
      </p>
      <AdminButton look="primary" busy={state === 'saving'} busyText="Marking…" onClick={press} id="mark-paid">
        Mark payment received
      </AdminButton>
      {typeof state === 'object' && (
        <p role="alert" style={{ marginTop: '0.5rem' }}>
          {state.error}
        </p>
      )}
    </div>
  )
}
