'use client'

import { useAuth, useConfig, useDocumentInfo } from '@payloadcms/ui'
import { useEffect, useState, type ReactNode } from 'react'

import { ReadyButton } from '@/components/ready/ReadyButton'
import { postAction } from '@/platform/admin/post-action'

type Enrollment = { uri: string; key: string; qrSvg: string }
type State = { step: 'loading' | 'off' | 'scanning' | 'on'; enrollment?: Enrollment; message?: string }

/**
 * On the account screen (your own account): turn two-step login on (scan the QR code or type the key into an
 * authenticator app, then confirm with its first code) or off (with a current code). On another account's
 * screen, for an admin: whether it is on, and a button that turns it off (for someone who lost their phone).
 * The endpoints are in ./two-step.ts.
 */
export function TwoStepLoginField() {
  const { user } = useAuth()
  const { id } = useDocumentInfo()
  const own = user !== null && user !== undefined && String(user.id) === String(id)
  const admin = (user as { role?: string } | null | undefined)?.role === 'admin'
  if (own) return <OwnTwoStepLogin />
  if (admin && id !== undefined && id !== null) return <OtherAccountTwoStepLogin id={String(id)} />
  return null
}

const STATUS_UNREAD = 'Whether two-step login is on could not be read. Please reload the page.'

/** Whether two-step login is on, from the status endpoint at `api` (its own account's or another's). */
const readStatus = (api: string): Promise<boolean> =>
  fetch(`${api}/status`, { credentials: 'include' })
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
    .then((s: { enabled?: boolean }) => Boolean(s.enabled))

/** What both views show: the heading, "…" while the status loads, their own part, and the last outcome. */
function TwoStepSection({ loading, message, children }: { loading: boolean; message?: string; children: ReactNode }) {
  return (
    <section aria-labelledby="two-step-heading" style={{ margin: '2rem 0' }}>
      <h3 id="two-step-heading">Two-step login</h3>
      {loading && !message && <p>…</p>}
      {children}
      {message && (
        <p role="status" aria-live="polite">
          {message}
        </p>
      )}
    </section>
  )
}

function OtherAccountTwoStepLogin({ id }: { id: string }) {
  const { config } = useConfig()
  const [state, setState] = useState<{ enabled?: boolean; message?: string }>({})
  const api = `${config.routes.api}/users/${encodeURIComponent(id)}/totp`

  useEffect(() => {
    readStatus(api).then(
      (enabled) => setState({ enabled }),
      () => setState({ message: STATUS_UNREAD }),
    )
  }, [api])

  const turnOff = async () => {
    const { ok, text } = await postAction(`${api}/off`)
    setState(
      ok
        ? {
            enabled: false,
            message:
              'Two-step login is off for this account. It opens with its password alone until its owner turns two-step login on again.',
          }
        : { ...state, message: text },
    )
  }

  return (
    <TwoStepSection loading={state.enabled === undefined} message={state.message}>
      {state.enabled === false && !state.message && <p>Two-step login is off for this account.</p>}
      {state.enabled && (
        <>
          <p>
            Two-step login is on for this account. If its owner has lost the phone with their authenticator app, turn it
            off: they then log in with their password alone and can turn it on again.
          </p>
          <ReadyButton buttonStyle="secondary" onClick={() => void turnOff()}>
            Turn off two-step login for this account
          </ReadyButton>
        </>
      )}
    </TwoStepSection>
  )
}

function OwnTwoStepLogin() {
  const { config } = useConfig()
  const [state, setState] = useState<State>({ step: 'loading' })
  const [code, setCode] = useState('')
  const api = `${config.routes.api}/users/totp`

  useEffect(() => {
    readStatus(api).then(
      (enabled) => setState({ step: enabled ? 'on' : 'off' }),
      () => setState({ step: 'loading', message: STATUS_UNREAD }),
    )
  }, [api])

  const post = (path: string, body?: object) => postAction<Enrollment>(`${api}/${path}`, body)
  const start = async () => {
    const { ok, body, text } = await post('setup')
    setCode('')
    setState(ok ? { step: 'scanning', enrollment: body as Enrollment } : { step: 'off', message: text })
  }
  const confirm = async () => {
    const { ok, text } = await post('confirm', { code })
    setCode('')
    setState(
      ok
        ? { step: 'on', message: 'Two-step login is on. You will be asked for a code each time you log in.' }
        : { ...state, message: text },
    )
  }
  const turnOff = async () => {
    const { ok, text } = await post('disable', { code })
    setCode('')
    setState(ok ? { step: 'off', message: 'Two-step login is off.' } : { ...state, message: text })
  }
  const codeInput = (
    <label style={{ display: 'block', margin: '0.75rem 0' }}>
      Code from your app{' '}
      <input
        value={code}
        onChange={(e) => setCode(e.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        style={{ width: '8rem' }}
      />
    </label>
  )

  return (
    <TwoStepSection loading={state.step === 'loading'} message={state.message}>
      {state.step === 'off' && (
        <>
          <p>
            Ask for a code from an authenticator app (on your phone) after your password, so a stolen password alone
            cannot open your admin.
          </p>
          <ReadyButton buttonStyle="secondary" onClick={() => void start()}>
            Turn on two-step login
          </ReadyButton>
        </>
      )}
      {state.step === 'scanning' && state.enrollment && (
        <>
          <p>Scan this code with your authenticator app, or type the key into it. Then enter the code it shows.</p>
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            style={{ width: 200, height: 200, background: '#fff' }}
            dangerouslySetInnerHTML={{ __html: state.enrollment.qrSvg }}
          />
          <p>
            Key: <code data-totp-key>{state.enrollment.key}</code>
          </p>
          {codeInput}
          <ReadyButton onClick={() => void confirm()}>Confirm and turn on</ReadyButton>
        </>
      )}
      {state.step === 'on' && (
        <>
          <p>Two-step login is on. To turn it off, enter a current code from your app.</p>
          {codeInput}
          <ReadyButton buttonStyle="secondary" onClick={() => void turnOff()}>
            Turn off two-step login
          </ReadyButton>
        </>
      )}
    </TwoStepSection>
  )
}
