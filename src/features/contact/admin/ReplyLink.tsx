import type { Payload } from 'payload'

import { ReadyButton } from '@/components/ready/ReadyButton'
import { brandFrom } from '@/domain/brand'
import { replyMailto } from '../reply'

/**
 * "Reply" on a message's screen: opens the coach's own mail program on a mail to the visitor, the subject
 * naming the site (Site settings → Brand) and the message quoted.
 */
export async function ReplyLink({ data, payload }: { data?: Record<string, unknown>; payload: Payload }) {
  const email = typeof data?.email === 'string' ? data.email : ''
  if (!email) return null
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 }).catch(() => null)
  const href = replyMailto({
    email,
    name: typeof data?.name === 'string' ? data.name : '',
    message: typeof data?.message === 'string' ? data.message : '',
    siteName: brandFrom(settings?.brand).siteName,
  })
  return (
    <div className="field-type coach-admin" style={{ marginBottom: 'var(--base, 1.5rem)' }}>
      <ReadyButton el="anchor" url={href} buttonStyle="primary" size="medium" margin={false} id="reply-to-message">
        Reply
      </ReadyButton>
      <p style={{ margin: '0.5rem 0 0', color: 'var(--theme-elevation-650)' }}>
        Opens your mail program, addressed to {email}.
      </p>
    </div>
  )
}
