import Link from 'next/link'

import { BRAND } from '@/domain/brand'
import { LogoMark } from './LogoMark'

export function Logo() {
  return (
    <Link href="/" className="logo" aria-label={`${BRAND.siteName}, home`}>
      <LogoMark className="logo__mark" />
      <span className="logo__text">{BRAND.siteName}</span>
    </Link>
  )
}
