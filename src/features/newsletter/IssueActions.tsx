'use client'

import { useConfig, useDocumentInfo, useFormModified } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react'

import { ReadyButton } from '@/components/ready/ReadyButton'
import { postAction, type Outcome } from '@/platform/admin/post-action'

import { instantIn, progressLine, resendQuestion, sendQuestion, type Progress } from './issue-progress'

/** The panel's buttons: Payload's, small and without their outer margin; secondary unless told. */
const SmallButton = (props: ComponentProps<typeof ReadyButton>) => (
  <ReadyButton buttonStyle="secondary" size="small" margin={false} {...props} />
)

type IssueState = {
  status: string
  notice: null | string
  scheduledAt: null | string
  timeZone: string
  confirmedSubscribers: number
  progress: Progress
  /** Whether this user may send to the list and see its deliveries (admins; editors an admin allowed). */
  mayMailTheList: boolean
}

const STATUS_WORDS: Record<string, string> = {
  draft: 'Draft: not sent',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
  held: 'Waiting for you: it missed its time',
}

/** A time as the coach reads it, in their zone: "Thu 3 Dec 2026, 14:00". */
const inZone = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso))

const UNREAD: Outcome = { ok: false, text: 'Where the issue stands could not be read. Please reload the page.' }

/** Where the issue stands, or why that could not be read. */
async function readIssue(api: string): Promise<IssueState | Outcome> {
  const res = await fetch(`${api}/progress`, { credentials: 'include', cache: 'no-store' }).catch(() => null)
  if (!res?.ok) return UNREAD
  return ((await res.json().catch(() => null)) as IssueState | null) ?? UNREAD
}

/**
 * In an issue's sidebar: where it stands (status, the notice, the progress while it goes out, refreshed every
 * few seconds) and the buttons that apply to it, which call ./issue-endpoints.ts. Answers of the endpoints
 * show next to the buttons; a refusal as an alert.
 */
export function IssueActions() {
  const { id } = useDocumentInfo()
  if (id === undefined || id === null) {
    return (
      <div className="field-type" style={{ marginBottom: '1.5rem' }}>
        <p>Save the issue to preview it, send a test to yourself, then send or schedule it.</p>
      </div>
    )
  }
  return <SavedIssueActions id={String(id)} />
}

function SavedIssueActions({ id }: { id: string }) {
  const { config } = useConfig()
  const router = useRouter()
  const modified = useFormModified()
  const api = `${config.routes.api}/newsletters/${encodeURIComponent(id)}`
  const [issue, setIssue] = useState<IssueState | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [resending, setResending] = useState(false)
  const [sendAt, setSendAt] = useState('')
  const [preview, setPreview] = useState(0)

  const apply = useCallback((read: IssueState | Outcome) => {
    if ('status' in read) setIssue(read)
    else setOutcome(read)
  }, [])
  const refresh = useCallback(async () => apply(await readIssue(api)), [api, apply])

  useEffect(() => {
    void readIssue(api).then(apply)
  }, [api, apply])

  // While it goes out, the progress follows every few seconds; a scheduled issue is looked at now and then.
  const status = issue?.status
  // When the issue moves on by itself (sending → sent, scheduled → sending), the form's own fields (Status, the
  // times, whether the words can still be changed) follow: the screen never says "Sending" beside "4 of 4 sent".
  const seen = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (status === undefined) return
    if (seen.current !== undefined && seen.current !== status) router.refresh()
    seen.current = status
  }, [status, router])
  useEffect(() => {
    const every = status === 'sending' ? 3_000 : status === 'scheduled' ? 30_000 : 0
    if (!every) return
    const timer = setInterval(() => void refresh(), every)
    return () => clearInterval(timer)
  }, [status, refresh])

  const post = async (action: string, body: object = {}) => {
    setBusy(true)
    setConfirming(false)
    setResending(false)
    try {
      const outcome = await postAction(`${api}/${action}`, body)
      setOutcome(outcome)
      if (outcome.ok && action !== 'test') {
        await refresh()
        // The form's own fields (status, times) follow the issue as it now is.
        router.refresh()
      }
    } finally {
      setBusy(false)
    }
  }

  const schedule = () => {
    const at = issue ? instantIn(sendAt, issue.timeZone) : null
    if (!at) {
      setOutcome({ ok: false, text: 'Please choose a date and time to send the issue at.' })
      return
    }
    void post('schedule', { at })
  }

  if (!issue) {
    return (
      <div className="field-type" style={{ marginBottom: '1.5rem' }}>
        <h3 style={{ margin: '0 0 0.5rem' }}>Sending</h3>
        {outcome ? <p role="alert">{outcome.text}</p> : <p>…</p>}
      </div>
    )
  }

  const { progress, timeZone, mayMailTheList: mayMail } = issue
  const unsent = ['draft', 'scheduled', 'held'].includes(issue.status)
  const row = { display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' } as const
  const action = (label: string, name: string, style: 'primary' | 'secondary' = 'secondary') => (
    <SmallButton buttonStyle={style} disabled={busy} onClick={() => void post(name)}>
      {label}
    </SmallButton>
  )

  return (
    <section aria-labelledby="issue-sending-heading" className="field-type" style={{ marginBottom: '1.5rem' }}>
      <h3 id="issue-sending-heading" style={{ margin: '0 0 0.5rem' }}>
        Sending
      </h3>
      <p data-issue-status={issue.status} style={{ margin: '0 0 0.25rem', fontWeight: 600 }}>
        {STATUS_WORDS[issue.status] ?? issue.status}
        {issue.status === 'scheduled' && issue.scheduledAt
          ? `, for ${inZone(issue.scheduledAt, timeZone)} (${timeZone})`
          : ''}
      </p>
      {issue.notice && <p style={{ margin: '0 0 0.25rem' }}>{issue.notice}</p>}
      {progress.total > 0 && (
        <p aria-live="polite" data-issue-progress style={{ margin: '0 0 0.5rem' }}>
          {progressLine(progress)}
        </p>
      )}
      {modified && unsent && (
        <p style={{ margin: '0 0 0.5rem' }}>
          Save your changes first: the preview, the test and sending use the saved issue.
        </p>
      )}

      <div style={{ display: 'grid', gap: '0.75rem', marginTop: '0.75rem' }}>
        {!mayMail && ['draft', 'scheduled', 'held', 'paused'].includes(issue.status) && (
          <p style={{ margin: 0 }}>
            Only an admin can send this issue to your subscribers, unless an admin lets editors do it (Newsletter →
            Editors and the newsletter). You can preview it and send a test to yourself.
          </p>
        )}
        {mayMail && unsent && !confirming && (
          <div style={row}>
            <SmallButton buttonStyle="primary" disabled={busy || modified} onClick={() => setConfirming(true)}>
              Send now
            </SmallButton>
          </div>
        )}
        {confirming && (
          <div role="group" aria-labelledby="issue-confirm-send" style={{ display: 'grid', gap: '0.5rem' }}>
            <p id="issue-confirm-send" style={{ margin: 0, fontWeight: 600 }}>
              {sendQuestion(issue.confirmedSubscribers)}
            </p>
            <div style={row}>
              {action('Yes, send now', 'send', 'primary')}
              <SmallButton onClick={() => setConfirming(false)}>No, not yet</SmallButton>
            </div>
          </div>
        )}
        {mayMail && unsent && (
          <div style={{ display: 'grid', gap: '0.25rem' }}>
            <label htmlFor={`issue-send-at-${id}`}>Send at (time in {timeZone})</label>
            <div style={row}>
              <input
                id={`issue-send-at-${id}`}
                type="datetime-local"
                value={sendAt}
                onChange={(e) => setSendAt(e.target.value)}
                style={{ padding: '0.25rem' }}
              />
              <SmallButton disabled={busy || modified} onClick={schedule}>
                {issue.status === 'scheduled' ? 'Change the time' : 'Schedule'}
              </SmallButton>
            </div>
          </div>
        )}
        <div style={row}>
          {['scheduled', 'held'].includes(issue.status) && action('Unschedule', 'unschedule')}
          {issue.status === 'sending' && action('Pause', 'pause')}
          {mayMail && issue.status === 'paused' && action('Resume', 'resume', 'primary')}
          {mayMail &&
            ['sent', 'sending', 'paused'].includes(issue.status) &&
            progress.failed > 0 &&
            action('Retry failed', 'retry-failed')}
          {mayMail && ['sent', 'sending', 'paused'].includes(issue.status) && progress.uncertain > 0 && !resending && (
            <SmallButton disabled={busy} onClick={() => setResending(true)}>
              Send the uncertain ones again
            </SmallButton>
          )}
          {['scheduled', 'held', 'sending', 'paused'].includes(issue.status) && action('Cancel sending', 'cancel')}
        </div>
        {resending && (
          <div role="group" aria-labelledby="issue-confirm-resend" style={{ display: 'grid', gap: '0.5rem' }}>
            <p id="issue-confirm-resend" style={{ margin: 0, fontWeight: 600 }}>
              {resendQuestion(progress.uncertain)}
            </p>
            <div style={row}>
              <SmallButton
                buttonStyle="primary"
                disabled={busy}
                onClick={() => void post('resend-uncertain', { knowingly: true })}
              >
                Yes, send them again
              </SmallButton>
              <SmallButton onClick={() => setResending(false)}>No</SmallButton>
            </div>
          </div>
        )}
        <div style={row}>
          <SmallButton disabled={busy || modified} onClick={() => void post('test')}>
            Send a test to me
          </SmallButton>
          <SmallButton
            extraButtonProps={{ 'aria-expanded': preview > 0 }}
            onClick={() => setPreview((n) => (n > 0 ? 0 : Date.now()))}
          >
            {preview > 0 ? 'Close the preview' : 'Preview'}
          </SmallButton>
        </div>
        {outcome && (
          <p role={outcome.ok ? 'status' : 'alert'} style={{ margin: 0 }}>
            {outcome.text}
          </p>
        )}
        {preview > 0 && (
          <div style={{ display: 'grid', gap: '0.25rem' }}>
            <iframe
              title="Preview of the issue as it arrives"
              src={`${api}/preview?part=html&v=${preview}`}
              sandbox=""
              style={{ width: '100%', height: '32rem', border: '1px solid var(--theme-elevation-150)' }}
            />
            <a href={`${api}/preview?part=text`} target="_blank" rel="noopener">
              The plain-text version
            </a>
          </div>
        )}
        {mayMail && progress.total > 0 && (
          <div style={{ display: 'grid', gap: '0.25rem' }}>
            <a href={`${api}/deliveries.csv`} download>
              Download deliveries (CSV)
            </a>
            <a href={`${config.routes.admin}/collections/newsletter-deliveries?where[newsletter][equals]=${id}`}>
              Each recipient’s delivery
            </a>
          </div>
        )}
      </div>
    </section>
  )
}
