'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useEffect, useId, useRef, useState } from 'react'

import { NAV_ITEMS } from '@/domain/navigation'

/** The header navigation: a list on wide screens, behind a Menu button below 768 px. */
export function SiteNav() {
  const pathname = usePathname()
  // The menu is open for the page it was opened on: navigating closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === pathname
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listId = useId()

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null)
        buttonRef.current?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  return (
    <nav className="site-nav" aria-label="Main">
      <button
        ref={buttonRef}
        type="button"
        className="site-nav__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="site-nav__toggle-icon" aria-hidden="true" />
        Menu
      </button>
      <ul id={listId} className="site-nav__list" data-open={open}>
        {NAV_ITEMS.map((item) => {
          const current =
            item.href === '/' ? pathname === '/' : pathname === item.href || pathname.startsWith(`${item.href}/`)
          return (
            <li key={item.href}>
              <Link href={item.href} aria-current={current ? 'page' : undefined} className="site-nav__link">
                {item.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
