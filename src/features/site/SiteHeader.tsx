import { Logo } from '@/components/Logo'
import { SiteNav } from '@/components/SiteNav'
import { getSiteSettings } from './site-settings'

export async function SiteHeader() {
  const { brand } = await getSiteSettings()
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo brand={brand} />
        <SiteNav />
      </div>
    </header>
  )
}
