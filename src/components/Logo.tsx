import Link from 'next/link'

import { BRAND } from '@/domain/brand'

export function Logo() {
  return (
    <Link href="/" className="logo" aria-label={`${BRAND.siteName}, home`}>
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="currentColor" />
        <path d="M9 20c3-7 11-11 14-9-4 1-7 5-8 10" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      <span className="logo__text">{BRAND.siteName}</span>
    </Link>
  )
}
