'use client'

import Link from 'next/link'
import { createContext, useContext, useState, type ReactNode } from 'react'

import { AdminButton } from '@/components/AdminButton'
import { postAction } from '@/platform/admin/post-action'

import type { Erasure } from './people'

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** The erasure's counts as a list of what goes. */
function What({ e }: { e: Omit<Erasure, 'upcomingCalls' | 'upcomingWorkshops' | 'upcomingSessions'> }) {
  return (
    <ul style={{ margin: '0 0 1rem', paddingLeft: '1.25rem' }}>
      <li>{n(e.messages, 'message', 'messages')}</li>
      <li>{n(e.calls, 'discovery call', 'discovery calls')}</li>
      {e.workshops > 0 && <li>{n(e.workshops, 'workshop registration', 'workshop registrations')}</li>}
      {e.sessions > 0 && (
        <li>{n(e.sessions, 'coaching session and your notes on it', 'coaching sessions and your notes on them')}</li>
      )}
      {e.unpaidPurchases > 0 && <li>{n(e.unpaidPurchases, 'unpaid purchase', 'unpaid purchases')}</li>}
      {e.paidPurchases > 0 && <li>the intake answers of their paid purchases</li>}
      <li>
        {e.subscriber ? 'their subscription' : 'no subscription'} and{' '}
        {n(e.deliveries, 'newsletter delivery record', 'newsletter delivery records')}
      </li>
      <li>{e.notes ? 'your notes about them' : 'no notes'}</li>
      <li>
        {n(e.mails, 'mail to them in the outbox (sent or waiting)', 'mails to them in the outbox (sent or waiting)')}
      </li>
    </ul>
  )
}

/** What the erasure keeps: paid purchases, for the coach's books (decision 067). */
function Kept({ e }: { e: Pick<Erasure, 'paidPurchases'> }) {
  if (e.paidPurchases === 0) return null
  return (
    <p id="erase-keeps">
      Kept for your books: {n(e.paidPurchases, 'paid purchase', 'paid purchases')} (package, amount, payments and
      refunds, the agreement they accepted) and their credit record. Their page&rsquo;s link stops working.
    </p>
  )
}

/** What was erased: only the counts, and the way back (nothing of the person). */
function Erased({ erased }: { erased: Erasure }) {
  return (
    <div role="status" id="person-erased">
      <p style={{ fontWeight: 600 }}>This person was erased. Deleted:</p>
      <What e={erased} />
      <Kept e={erased} />
      <p>
        <Link href="/admin/people">Back to People</Link>
      </p>
    </div>
  )
}

/** How the erasure tells the person's page that it is done. */
const ErasedNow = createContext<(erased: Erasure) => void>(() => {})

/**
 * The person's page (its heading, address and every section, drawn on the server as `children`): once the
 * erasure is done, the whole page gives way to what was erased, so nothing erased stays on the screen.
 */
export function ErasablePerson({ children }: { children: ReactNode }) {
  const [erased, setErased] = useState<Erasure | null>(null)
  if (erased) return <Erased erased={erased} />
  return <ErasedNow.Provider value={setErased}>{children}</ErasedNow.Provider>
}

/**
 * "Erase this person": first a warning naming what will be erased (counted on the server when the page was
 * drawn), then the erasure itself (./endpoints.ts), then what was erased, in place of the whole person's page
 * (ErasablePerson). A booked call still ahead must be
 * cancelled first, and so must a workshop registration still ahead; the server refuses otherwise and this says
 * why.
 */
export function ErasePerson({
  personKey,
  email,
  preview,
  summary,
}: {
  personKey: string
  email: string
  preview: Erasure
  summary: string
}) {
  const [step, setStep] = useState<'start' | 'confirm' | 'erasing' | { error: string }>('start')
  const erasedNow = useContext(ErasedNow)

  const erase = async () => {
    setStep('erasing')
    const answer = await postAction<{ erased: Erasure }>(
      `/cms-api/people/${personKey}/erase`,
      {},
      {
        failed: 'The person could not be erased. Nothing was deleted.',
        unreached: 'The site did not answer; nothing may have been erased. Reload the page to see.',
      },
    )
    if (answer.ok && answer.body.erased) erasedNow(answer.body.erased)
    else setStep({ error: answer.text })
  }

  if (preview.upcomingWorkshops > 0) {
    return (
      <p id="erase-blocked">
        To erase this person, first cancel their{' '}
        {preview.upcomingWorkshops === 1 ? 'registration for a workshop' : 'registrations for workshops'} still ahead
        (they are told by e-mail); then erase them here.
      </p>
    )
  }
  if (preview.upcomingSessions > 0) {
    return (
      <p id="erase-blocked">
        To erase this person, first cancel their booked coaching{' '}
        {preview.upcomingSessions === 1 ? 'session' : 'sessions'} still ahead (they get the usual cancellation); then
        erase them here.
      </p>
    )
  }
  if (preview.upcomingCalls > 0) {
    return (
      <p id="erase-blocked">
        To erase this person, first cancel their booked {preview.upcomingCalls === 1 ? 'call' : 'calls'} still ahead
        (they get the usual cancellation); then erase them here.
      </p>
    )
  }
  return (
    <div>
      {step === 'start' ? (
        <AdminButton look="secondary" onClick={() => setStep('confirm')} id="erase-person">
          Erase this person…
        </AdminButton>
      ) : (
        <div
          role="alertdialog"
          aria-labelledby="erase-warning"
          style={{ border: '2px solid var(--theme-error-500)', borderRadius: '4px', padding: '1rem' }}
        >
          <p id="erase-warning" style={{ fontWeight: 600, marginTop: 0 }}>
            Erase everything about {email}? This cannot be undone: no backup in the admin brings it back.
          </p>
          <p>This deletes ({summary}):</p>
          <What e={preview} />
          <Kept e={preview} />
          <p>Download their data first if they asked for a copy.</p>
          <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
            <AdminButton
              look="error"
              busy={step === 'erasing'}
              busyText="Erasing…"
              onClick={erase}
              id="erase-person-for-good"
            >
              Erase for good
            </AdminButton>
            <AdminButton look="secondary" busy={step === 'erasing'} onClick={() => setStep('start')}>
              Keep them
            </AdminButton>
          </div>
          {typeof step === 'object' && 'error' in step && (
            <p role="alert" style={{ marginBottom: 0 }}>
              {step.error}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
