import { LogoMark } from '@/components/LogoMark'
import { BRAND } from '@/domain/brand'

/* The admin carries the site's own mark and name instead of the framework's logo. */
const BRAND_GREEN = '#2f6f5e'

/** On the login, first-account and password screens. */
export function AdminLogo() {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: '0.75rem', fontSize: '1.5rem', fontWeight: 700 }}>
      <LogoMark color={BRAND_GREEN} />
      <span>{BRAND.siteName}</span>
    </span>
  )
}

/** In the admin's top bar, linking to its dashboard (Payload gives it an 18 px box). */
export function AdminIcon() {
  return (
    <span role="img" aria-label={BRAND.siteName} style={{ display: 'inline-flex' }}>
      <LogoMark color={BRAND_GREEN} size={18} />
    </span>
  )
}
