import type { ReactNode } from 'react'

import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'

/** The document body every public page shares: skip link, sticky header, main region, footer. */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <body>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </body>
  )
}
