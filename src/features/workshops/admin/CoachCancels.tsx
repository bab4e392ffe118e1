'use client'

import { useConfig, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { ReadyButton } from '@/components/ready/ReadyButton'
import { hasEnded } from '@/domain/workshop-seats'
import { postAction, type Outcome } from '@/platform/admin/post-action'

/** What the button cancels: one registration, or the whole workshop. */
type What = 'registration' | 'workshop'

type Words = {
  button: string
  question: string
  yes: string
  refund: string
  credit: string
  no: string
  collection: string
}

const WORDS: Record<What, Words> = {
  registration: {
    button: 'Cancel this registration',
    question:
      'Cancel this registration? The person is told by e-mail, and their seat goes to the first person waiting.',
    yes: 'Yes, cancel it',
    refund: 'Yes, cancel and refund',
    credit: 'Yes, cancel and give a credit',
    no: 'Keep it',
    collection: 'workshop-registrations',
  },
  workshop: {
    button: 'Cancel this workshop',
    question:
      'Cancel the whole workshop? Everyone registered or waiting is told by e-mail, and it is taken off the site.',
    yes: 'Yes, cancel the workshop',
    refund: 'Yes, cancel and refund paid seats',
    credit: 'Yes, cancel and credit paid seats',
    no: 'Keep it',
    collection: 'workshops',
  },
}

/**
 * On a registration's or a saved workshop's screen: the coach's cancellation (../endpoints.ts), asked once more
 * before it is done; the answer shows under the button, a refusal as an alert. A registration cancelled
 * already shows no button.
 */
export function CoachCancels({ what }: { what: What }) {
  const { id } = useDocumentInfo()
  const status = useFormFields(([fields]) => fields.status?.value as string | undefined)
  const price = useFormFields(([fields]) => fields.price?.value as number | undefined)
  const paidAt = useFormFields(([fields]) => fields.paidAt?.value as string | undefined)
  const paidWith = useFormFields(([fields]) => fields.paidWith?.value as string | undefined)
  const { config } = useConfig()
  const router = useRouter()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  if (id === undefined || id === null) return null
  if (what === 'registration' && status && hasEnded(status) && !outcome) return null
  const words = WORDS[what]
  // Paid seats (decision 070): the coach chooses a refund or a credit; a seat paid with a credit is credited.
  const choice =
    what === 'registration' ? Boolean(paidAt) && (price ?? 0) > 0 && paidWith !== 'credit' : (price ?? 0) > 0

  const press = async (settle?: 'refund' | 'credit') => {
    setBusy(true)
    setAsking(false)
    try {
      const answer = await postAction(
        `${config.routes.api}/${words.collection}/${encodeURIComponent(String(id))}/cancel`,
        settle ? { settle } : {},
      )
      setOutcome(answer)
      if (answer.ok) router.refresh()
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="field-type coach-cancels" style={{ marginBottom: '1.5rem' }}>
      {asking ? (
        <div role="group" aria-label={words.button}>
          <p style={{ margin: '0 0 0.5rem' }}>{words.question}</p>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
            {choice ? (
              <>
                <ReadyButton buttonStyle="primary" size="small" margin={false} onClick={() => void press('refund')}>
                  {words.refund}
                </ReadyButton>
                <ReadyButton buttonStyle="primary" size="small" margin={false} onClick={() => void press('credit')}>
                  {words.credit}
                </ReadyButton>
              </>
            ) : (
              <ReadyButton buttonStyle="primary" size="small" margin={false} onClick={() => void press()}>
                {words.yes}
              </ReadyButton>
            )}
            <ReadyButton buttonStyle="secondary" size="small" margin={false} onClick={() => setAsking(false)}>
              {words.no}
            </ReadyButton>
          </div>
        </div>
      ) : (
        !outcome?.ok && (
          <ReadyButton
            buttonStyle="secondary"
            size="small"
            margin={false}
            disabled={busy}
            onClick={() => setAsking(true)}
          >
            {busy ? 'Cancelling…' : words.button}
          </ReadyButton>
        )
      )}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} style={{ marginTop: '0.5rem' }}>
          {outcome.text}
        </p>
      )}
    </div>
  )
}
