'use client'

import { useEffect, useRef } from 'react'

/**
 * What went wrong with a post, above the form: the message, then a link to each faulty field. After every
 * attempt that went wrong it takes focus, so people learn at once what to fix (without JavaScript the page
 * comes back with `autofocus` on it instead).
 */
export function ErrorSummary({
  message,
  items,
  attempt,
}: {
  message: string | null
  items: { href: string; text: string }[]
  attempt: number
}) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (attempt > 0 && message) ref.current?.focus()
  }, [attempt, message])
  if (!message) return null
  return (
    <div ref={ref} className="error-summary" tabIndex={-1} role="alert" autoFocus>
      <h3>{message}</h3>
      {items.length > 0 && (
        <ul>
          {items.map((item) => (
            <li key={item.href}>
              <a href={item.href}>{item.text}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
