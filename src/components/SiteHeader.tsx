import { Logo } from './Logo'
import { SiteNav } from './SiteNav'

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <SiteNav />
      </div>
    </header>
  )
}
