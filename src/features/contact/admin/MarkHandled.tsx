'use client'

import { useField, useForm } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { ReadyButton } from '@/components/ready/ReadyButton'

/**
 * The message's "Handled" flag as one button that saves at once ("Mark handled" / "Mark not handled"), through
 * the screen's own save; the page is then refreshed so the count beside "Messages" in the navigation follows.
 * While it saves, the button says so and cannot be pressed again.
 */
export function MarkHandled({ path }: { path: string }) {
  const { value, setValue } = useField<boolean>({ path })
  const { submit } = useForm()
  const router = useRouter()
  const [saving, setSaving] = useState(false)
  const handled = value === true

  const toggle = async () => {
    const next = !handled
    setSaving(true)
    setValue(next)
    try {
      await submit({ overrides: { [path]: next } })
      router.refresh()
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="field-type coach-admin" style={{ marginBottom: 'var(--base, 1.5rem)' }}>
      <p style={{ margin: '0 0 0.5rem' }} id="message-handled-state">
        {handled ? 'Handled.' : 'Not handled yet.'}
      </p>
      <ReadyButton
        buttonStyle="secondary"
        size="medium"
        margin={false}
        disabled={saving}
        onClick={toggle}
        id="mark-handled"
      >
        {saving ? 'Saving…' : handled ? 'Mark not handled' : 'Mark handled'}
      </ReadyButton>
    </div>
  )
}
