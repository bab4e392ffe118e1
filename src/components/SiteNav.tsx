'use client'

import { usePathname } from 'next/navigation'
import { useId } from 'react'

import { NAV_ITEMS } from '@/domain/navigation'
import { NotReadyNote, notReadyId } from './ready/not-ready'

/**
 * The header navigation: a list on wide screens, behind a Menu button below 768 px, rendered closed; the
 * button opens it with src/browser/nav.ts, and is drawn not ready until that script has run. A client component only to know the page it is on (the layout is
 * rendered once for every page).
 */
export function SiteNav() {
  const pathname = usePathname()
  const listId = useId()

  return (
    <nav className="site-nav" aria-label="Main">
      {/* Disabled until src/browser/nav.ts makes it work: a press before would open nothing. */}
      <button
        type="button"
        className="site-nav__toggle"
        aria-expanded={false}
        aria-controls={listId}
        disabled
        aria-describedby={notReadyId(listId)}
      >
        <span className="site-nav__toggle-icon" aria-hidden="true" />
        Menu
      </button>
      <NotReadyNote id={notReadyId(listId)} />
      <ul id={listId} className="site-nav__list" data-open={false}>
        {NAV_ITEMS.map((item) => {
          const current =
            item.href === '/' ? pathname === '/' : pathname === item.href || pathname.startsWith(`${item.href}/`)
          return (
            <li key={item.href}>
              <a href={item.href} aria-current={current ? 'page' : undefined} className="site-nav__link">
                {item.label}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
