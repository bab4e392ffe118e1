import type { Payload } from 'payload'

import { brandFrom, type Brand } from '@/domain/brand'
import { LogoMark } from './LogoMark'

/* The admin carries the site's own mark and name (Site settings → Brand) instead of the framework's logo. */
const BRAND_GREEN = '#2f6f5e'

const readBrand = async (payload?: Payload): Promise<Brand> => {
  const settings = payload ? await payload.findGlobal({ slug: 'site-settings', depth: 1 }).catch(() => null) : null
  return brandFrom(settings?.brand)
}

function Mark({ brand, size }: { brand: Brand; size: number }) {
  return brand.logo ? (
    <img src={brand.logo.url} alt="" width={size} height={size} style={{ objectFit: 'contain' }} />
  ) : (
    <LogoMark color={BRAND_GREEN} size={size} />
  )
}

/** On the login, first-account and password screens. */
export async function AdminLogo({ payload }: { payload?: Payload }) {
  const brand = await readBrand(payload)
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: '0.75rem', fontSize: '1.5rem', fontWeight: 700 }}>
      <Mark brand={brand} size={32} />
      <span>{brand.siteName}</span>
    </span>
  )
}

/** In the admin's top bar, linking to its dashboard (Payload gives it an 18 px box). */
export async function AdminIcon({ payload }: { payload?: Payload }) {
  const brand = await readBrand(payload)
  return (
    <span role="img" aria-label={brand.siteName} style={{ display: 'inline-flex' }}>
      <Mark brand={brand} size={18} />
    </span>
  )
}
