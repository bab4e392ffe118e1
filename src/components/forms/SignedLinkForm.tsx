'use client'

import { useActionState, type ReactNode } from 'react'

/**
 * A form of a page reached by a private link (a call's manage page, a registration's, a checkout): a plain
 * POST of the link's token, with the form's own fields, to a server action that answers with a redirect back
 * to the page, saying what happened (no JavaScript needed). A client component only so the form gets a
 * permalink (`#id`): a server action's form is otherwise rendered with action="", which HTML does not allow.
 */
export function SignedLinkForm({
  id,
  action,
  token,
  className,
  labelledBy,
  children,
}: {
  /** The form's id, unique on the page: its permalink. */
  id: string
  action: (prev: null, formData: FormData) => Promise<null>
  token: string
  className: string
  /** The id of the heading that names the form, if one does. */
  labelledBy?: string
  children: ReactNode
}) {
  const [, formAction] = useActionState(action, null, `#${id}`)
  return (
    <form id={id} action={formAction} className={className} aria-labelledby={labelledBy}>
      <input type="hidden" name="token" value={token} />
      {children}
    </form>
  )
}
