'use client'

import { useConfig, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { ReadyButton } from '@/components/ready/ReadyButton'
import { postAction, type Outcome } from '@/platform/admin/post-action'

/**
 * On an uncertain delivery's screen: "Send again", after the warning that the reader may already have the issue;
 * then POST /cms-api/newsletters/:issue/resend-uncertain for this delivery only (./issue-endpoints.ts).
 */
export function DeliveryResend() {
  const { id } = useDocumentInfo()
  const { config } = useConfig()
  const router = useRouter()
  const status = useFormFields(([fields]) => fields.status?.value) as string | undefined
  const issue = useFormFields(([fields]) => fields.newsletter?.value) as number | string | { id: number } | undefined
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  if (id == null || issue == null || (status !== 'uncertain' && !outcome)) return null
  const issueId = typeof issue === 'object' ? issue.id : issue

  const resend = async () => {
    setBusy(true)
    setAsking(false)
    try {
      const answer = await postAction(
        `${config.routes.api}/newsletters/${encodeURIComponent(String(issueId))}/resend-uncertain`,
        { delivery: Number(id), knowingly: true },
      )
      setOutcome(answer)
      if (answer.ok) router.refresh()
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="field-type" style={{ marginBottom: '1.5rem', display: 'grid', gap: '0.5rem' }}>
      {status === 'uncertain' && !asking && (
        <ReadyButton
          buttonStyle="secondary"
          size="small"
          margin={false}
          disabled={busy}
          onClick={() => setAsking(true)}
        >
          Send again
        </ReadyButton>
      )}
      {asking && (
        <div role="group" aria-labelledby="delivery-resend-question" style={{ display: 'grid', gap: '0.5rem' }}>
          <p id="delivery-resend-question" style={{ margin: 0, fontWeight: 600 }}>
            This reader may already have this issue: their mail server may have received it before the connection was
            cut. Send it to them again anyway?
          </p>
          <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
            <ReadyButton
              buttonStyle="primary"
              size="small"
              margin={false}
              disabled={busy}
              onClick={() => void resend()}
            >
              Yes, send it again
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
