import Link from 'next/link'

import type { Brand } from '@/domain/brand'
import { LogoMark } from './LogoMark'

/** The site's name beside the coach's logo from Site settings, or the built-in mark when there is none. */
export function Logo({ brand }: { brand: Brand }) {
  return (
    <Link href="/" className="logo" aria-label={`${brand.siteName}, home`}>
      {brand.logo ? (
        <img className="logo__mark" src={brand.logo.url} alt="" width={32} height={32} />
      ) : (
        <LogoMark className="logo__mark" />
      )}
      <span className="logo__text">{brand.siteName}</span>
    </Link>
  )
}
