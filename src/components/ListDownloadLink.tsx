import type { ReactNode } from 'react'

/** Above a list in the admin: the list as a file to download (a CSV export). */
export function ListDownloadLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '0 0 1rem' }}>
      <a href={href} download>
        {children}
      </a>
    </p>
  )
}
