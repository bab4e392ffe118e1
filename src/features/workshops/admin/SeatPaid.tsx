'use client'

import { useConfig, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { AdminButton } from '@/components/AdminButton'
import { postAction, type Outcome } from '@/platform/admin/post-action'

/**
 * On a paid workshop seat's screen (decision 070): a seat held until its bank transfer arrives gets "Mark
 * payment received" (../endpoints.ts: the seat becomes theirs and they get the invite; a second press changes
 * nothing); a seat paid shows how. The answer shows under the button, a refusal as an alert.
 */
export function SeatPaid() {
  const { id } = useDocumentInfo()
  const status = useFormFields(([fields]) => fields.status?.value as string | undefined)
  const paidAt = useFormFields(([fields]) => fields.paidAt?.value as string | undefined)
  const { config } = useConfig()
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  if (id === undefined || id === null) return null
  if (paidAt && !outcome) {
    return (
      <p className="field-type seat-paid" id="seat-paid-state" style={{ fontWeight: 600 }}>
        Paid.
      </p>
    )
  }
  if (status !== 'offered' && !outcome) {
    return (
      <p className="field-type seat-paid" id="seat-paid-state">
        Not paid.
      </p>
    )
  }
  const press = async () => {
    setBusy(true)
    try {
      const answer = await postAction(
        `${config.routes.api}/workshop-registrations/${encodeURIComponent(String(id))}/mark-paid`,
      )
      setOutcome(answer)
      if (answer.ok) router.refresh()
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="field-type seat-paid" style={{ marginBottom: '1.5rem' }}>
      {!outcome?.ok && (
        <>
          <p style={{ margin: '0 0 0.5rem' }} id="seat-paid-state">
            Seat held until it is paid.
          </p>
          <AdminButton look="primary" busy={busy} busyText="Marking…" onClick={press} id="seat-mark-paid">
            Mark payment received
          </AdminButton>
        </>
      )}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} style={{ marginTop: '0.5rem' }}>
          {outcome.text}
        </p>
      )}
    </div>
  )
}
