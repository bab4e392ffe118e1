import type { ReactNode } from 'react'

/**
 * A link to another site, opened in a new tab. Screen readers also hear `detail` (which item the link is
 * for, e.g. ": The Book Title") and that it opens a new tab; sighted visitors see only `children`.
 */
export function ExternalLink({
  href,
  className,
  detail,
  children,
}: {
  href: string
  className?: string
  detail?: ReactNode
  children: ReactNode
}) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{detail} (opens in a new tab)</span>
    </a>
  )
}
