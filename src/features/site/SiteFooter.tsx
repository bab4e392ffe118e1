import Link from 'next/link'

import { MailLink, PhoneLink } from '@/components/ContactLinks'
import { ExternalLink } from '@/components/ExternalLink'
import { Logo } from '@/components/Logo'
import { DISCOVERY_CALL } from '@/domain/business'
import { ArchiveLink } from '@/features/newsletter/ArchiveLink'
import { SubscribeForm } from '@/features/newsletter/SubscribeForm'
import { getSiteSettings } from './site-settings'

export async function SiteFooter() {
  const settings = await getSiteSettings()
  const follow = [
    { label: 'Instagram', href: settings.social.instagram },
    { label: 'Facebook', href: settings.social.facebook },
    { label: 'E-mail', href: `mailto:${settings.email}` },
    { label: 'Blog', href: settings.social.blogPlatform },
    { label: 'LinkedIn', href: settings.social.linkedin },
    { label: 'WhatsApp', href: settings.social.whatsapp },
  ]
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo brand={settings.brand} />
          <p>{settings.brand.role}</p>
          <ul className="contact-lines">
            <li>
              <PhoneLink phone={settings.phone} />
            </li>
            <li>
              <MailLink email={settings.email} />
            </li>
          </ul>
        </div>
        <section className="site-footer__block" aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter">Subscribe to Our Newsletter</h2>
          <p>Monthly notes on growth, habits and upcoming workshops. No spam.</p>
          <SubscribeForm source="footer" />
          <ArchiveLink />
        </section>
        <section className="site-footer__block" aria-labelledby="footer-schedule">
          <h2 id="footer-schedule">Schedule a Call</h2>
          <p>A free discovery call of about {DISCOVERY_CALL.minutes} minutes.</p>
          <Link href="/scheduling" className="button button--secondary">
            Book a Discovery Call
          </Link>
        </section>
        <section className="site-footer__block" aria-labelledby="footer-follow">
          <h2 id="footer-follow">Follow Us</h2>
          <ul className="follow-links">
            {follow.map((link) => (
              <li key={link.label}>
                {link.href.startsWith('mailto:') ? (
                  <a href={link.href}>{link.label}</a>
                ) : (
                  <ExternalLink href={link.href}>{link.label}</ExternalLink>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="container site-footer__legal">
        <p>© {settings.brand.siteName}</p>
      </div>
    </footer>
  )
}
