'use client'

import { useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { AdminButton } from '@/components/AdminButton'

/**
 * "Mark payment received" on a purchase awaiting a bank transfer: one press opens the credits and mails the
 * client their page (../endpoints.ts; a second press changes nothing). While it works the button says so and
 * cannot be pressed again; then the screen is read again.
 */
export function MarkPaid() {
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
    try {
      const res = await fetch(`/cms-api/purchases/${id}/mark-paid`, { method: 'POST', credentials: 'include' })
      const body = (await res.json().catch(() => ({}))) as { errors?: { message?: string }[] }
      if (!res.ok) {
        setState({ error: body.errors?.[0]?.message ?? 'The payment could not be marked received. Please try again.' })
        return
      }
      setState('done')
      router.refresh()
    } catch {
      setState({ error: 'The site did not answer. Reload the page to see whether it was marked.' })
    }
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
