'use client'

import { useConfig, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { ReadyButton } from '@/components/ready/ReadyButton'
import { postAction, type Outcome } from '@/platform/admin/post-action'

/**
 * On a subscriber's screen, when a spam complaint or a bounce removed them (reports the coach never saw, which
 * can be mistaken): "Put back on the list", asked once more, then POST /cms-api/subscribers/:id/restore. The
 * note ("Why they left") keeps what happened.
 */
export function SubscriberRestore() {
  const { id } = useDocumentInfo()
  const { config } = useConfig()
  const router = useRouter()
  const status = useFormFields(([fields]) => fields.status?.value) as string | undefined
  const because = useFormFields(([fields]) => fields.leftBecause?.value) as string | undefined
  const email = useFormFields(([fields]) => fields.email?.value) as string | undefined
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const removed = status === 'bounced' || (status === 'unsubscribed' && because === 'complaint')
  if (id == null || (!removed && !outcome)) return null

  const restore = async () => {
    setBusy(true)
    setAsking(false)
    try {
      const answer = await postAction(`${config.routes.api}/subscribers/${encodeURIComponent(String(id))}/restore`)
      setOutcome(answer)
      if (answer.ok) router.refresh()
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="field-type" style={{ marginBottom: '1.5rem', display: 'grid', gap: '0.5rem' }}>
      {removed && !asking && (
        <ReadyButton
          buttonStyle="secondary"
          size="small"
          margin={false}
          disabled={busy}
          onClick={() => setAsking(true)}
        >
          Put back on the list
        </ReadyButton>
      )}
      {asking && (
        <div role="group" aria-labelledby="subscriber-restore-question" style={{ display: 'grid', gap: '0.5rem' }}>
          <p id="subscriber-restore-question" style={{ margin: 0, fontWeight: 600 }}>
            Put {email ?? 'this reader'} back on the list? They will get the next issues.
          </p>
          <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
            <ReadyButton
              buttonStyle="primary"
              size="small"
              margin={false}
              disabled={busy}
              onClick={() => void restore()}
            >
              Yes, put them back
            </ReadyButton>
            <ReadyButton buttonStyle="secondary" size="small" margin={false} onClick={() => setAsking(false)}>
              No
            </ReadyButton>
          </div>
        </div>
      )}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} style={{ margin: 0 }}>
          {outcome.text}
        </p>
      )}
    </div>
  )
}
