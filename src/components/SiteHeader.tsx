import { getSiteSettings } from '@/features/content/site-settings'
import { Logo } from './Logo'
import { SiteNav } from './SiteNav'

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
