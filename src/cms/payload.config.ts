import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { buildConfig } from 'payload'

import { Availability } from '@/features/booking/Availability'
import { DiscoveryCalls } from '@/features/booking/DiscoveryCalls'
import { datesInCoachTimeZone, zonePickersInBrowser } from '@/features/booking/coach-time-zone'
import { Books } from '@/features/content/collections/Books'
import { BlogPosts } from '@/features/content/collections/BlogPosts'
import { CoachingServices } from '@/features/content/collections/CoachingServices'
import { ContactMessages } from '@/features/contact/ContactMessages'
import { FAQs } from '@/features/content/collections/FAQs'
import { AboutPage } from '@/features/pages/AboutPage'
import { BooksPage } from '@/features/pages/BooksPage'
import { CoachingPage } from '@/features/pages/CoachingPage'
import { withLocksReadInTransaction } from './hooks/document-locks'
import { keepFieldErrors } from './hooks/field-errors'
import { MailTexts } from '@/features/mail-texts/MailTexts'
import { ContactPage } from '@/features/pages/ContactPage'
import { HomePage } from '@/features/pages/HomePage'
import { WorkshopsPage } from '@/features/pages/WorkshopsPage'
import { MailOutbox } from '@/platform/mail/MailOutbox'
import { IMAGE_TOO_LARGE, IMAGE_UPLOAD_MAX_BODY_BYTES, MAX_IMAGE_BYTES } from '@/platform/server/request-guard'
import { Media } from './collections/Media'
import { FormPosts } from '@/platform/forms/FormPosts'
import { RateLimitHits } from '@/platform/forms/RateLimitHits'
import { Subscribers } from '@/features/newsletter/Subscribers'
import { Newsletters } from '@/features/newsletter/Newsletters'
import { NewsletterArchive } from '@/features/newsletter/NewsletterArchive'
import { NewsletterPermissions } from '@/features/newsletter/permission'
import { NewsletterDeliveries } from '@/features/newsletter/NewsletterDeliveries'
import { Testimonials } from '@/features/content/collections/Testimonials'
import { Users } from '@/features/accounts/Users'
import { Workshops } from '@/features/content/collections/Workshops'
import { siteUrl } from '@/domain/brand'
import { outboxEmailAdapter } from '@/platform/mail/payload-email'

import { databaseAdapter } from './database'
import { exportEndpoints } from '@/features/export/everything'
import { peopleEndpoints } from '@/features/people/endpoints'
import { PersonNotes } from '@/features/people/PersonNotes'
import { CoachingSessions } from '@/features/packages/CoachingSessions'
import { CreditEntries } from '@/features/packages/CreditEntries'
import { WorkshopCredits } from '@/features/workshops/WorkshopCredits'
import { WorkshopRegistrations } from '@/features/workshops/WorkshopRegistrations'
import { Agreements, AgreementVersions } from '@/features/packages/Agreements'
import { Packages } from '@/features/packages/Packages'
import { PaymentDetails } from '@/features/packages/PaymentDetails'
import { SessionRules } from '@/features/packages/SessionRules'
import { ClientLinks } from '@/features/packages/ClientLinks'
import { Purchases } from '@/features/packages/Purchases'
import { StripeEvents } from '@/features/packages/StripeEvents'
import { Announcement } from '@/features/site/Announcement'
import { SiteSettings } from '@/features/site/SiteSettings'
import { payloadLogger } from '@/platform/log'
import { lazySharp } from '@/platform/lazy-sharp'
import { payloadSecret } from '@/platform/secret'

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export default buildConfig({
  admin: {
    user: Users.slug,
    // No Gravatar: it would send a hash of the coach's e-mail to a third party.
    avatar: 'default',
    // The admin carries the site's name and mark (AdminBrand, from Site settings → Brand), not the
    // framework's. The tab title is fixed configuration, so it says only what the screen is.
    meta: {
      titleSuffix: '· Site admin',
      icons: [{ rel: 'icon', type: 'image/svg+xml', url: '/favicon.svg' }],
      // Payload's generated Open Graph images would live under /api/og, which is the public read API's.
      defaultOGImageType: 'off',
      openGraph: { siteName: 'Site admin', title: 'Site admin', description: 'The admin of this site.' },
      robots: { index: false, follow: false },
    },
    components: {
      // Nothing typed, ticked or chosen before a screen's script has taken it over is lost (issue 39).
      providers: ['@/components/ready/EnteredBeforeScripts#EnteredBeforeScripts'],
      graphics: {
        Logo: '@/components/AdminBrand#AdminLogo',
        Icon: '@/components/AdminBrand#AdminIcon',
      },
      // Payload's navigation with the count of unhandled messages beside "Messages" (./admin/AdminNav.tsx),
      // and "View site" under its links.
      Nav: '@/cms/admin/AdminNav#AdminNav',
      // "People" above the lists (src/features/people/), "View site" under them.
      beforeNavLinks: ['@/features/people/PeopleNavLink#PeopleNavLink'],
      afterNavLinks: ['@/components/ViewSiteLink#ViewSiteLink'],
      // "Your data": the export of everything the coach keeps here (src/features/export/).
      afterDashboard: ['@/features/export/ExportPanel#ExportPanel'],
      // "Today": what needs the coach, above the tiles (src/features/today/).
      beforeDashboard: ['@/features/today/TodayView#TodayView'],
      // Payload's login screen with a field for the two-step code (src/features/accounts/LoginView.tsx).
      // People: one row per e-mail address, and each person's page (src/features/people/).
      views: {
        login: { Component: '@/features/accounts/LoginView#LoginView', path: '/login' },
        people: { Component: '@/features/people/PeopleView#PeopleView', path: '/people', exact: true },
        person: { Component: '@/features/people/PersonView#PersonView', path: '/people/:key', exact: true },
      },
    },
    importMap: {
      baseDir: srcDir,
      importMapFile: path.join(srcDir, 'app/(payload)/admin/importMap.js'),
      autoGenerate: false,
    },
  },
  // Only pages of the site's own address may use the admin's login cookie (CSRF), and Payload trusts that
  // address when it builds links in its mails. Open the admin there (SITE_URL, or http://localhost:PORT).
  serverURL: siteUrl().origin,
  csrf: [siteUrl().origin],
  // The public read API of the spec owns /api/<list>; Payload's own REST API lives beside it.
  routes: { api: '/cms-api' },
  graphQL: { disable: true },
  // Every save or delete from a client reads the document's lock in its own transaction (./hooks/document-locks.ts).
  // No "API" tab on any screen (it shows the framework's JSON, which means nothing to the coach).
  collections: [
    DiscoveryCalls,
    CoachingSessions,
    ContactMessages,
    Subscribers,
    Newsletters,
    NewsletterDeliveries,
    PersonNotes,
    CreditEntries,
    WorkshopRegistrations,
    WorkshopCredits,
    Purchases,
    ClientLinks,
    StripeEvents,
    Packages,
    Agreements,
    AgreementVersions,
    // Its times in the coach's zone, like every date the admin shows (platform cannot know that zone).
    datesInCoachTimeZone(MailOutbox),
    Testimonials,
    BlogPosts,
    CoachingServices,
    Books,
    Workshops,
    FAQs,
    Media,
    Users,
    RateLimitHits,
    FormPosts,
  ]
    .map(withLocksReadInTransaction)
    .map(zonePickersInBrowser)
    .map((c) => ({ ...c, admin: { ...c.admin, hideAPIURL: true } })),
  globals: [
    SiteSettings,
    Announcement,
    HomePage,
    AboutPage,
    CoachingPage,
    BooksPage,
    WorkshopsPage,
    ContactPage,
    Availability,
    MailTexts,
    NewsletterArchive,
    NewsletterPermissions,
    PaymentDetails,
    SessionRules,
  ]
    .map(zonePickersInBrowser)
    .map((g) => ({ ...g, admin: { ...g.admin, hideAPIURL: true } })),
  // "Time zone", as everywhere else the coach reads it (Payload says "Timezone" beside each date).
  i18n: { translations: { en: { general: { timezone: 'Time zone' } } } },
  // Field messages reach the admin in production too (see the hook).
  hooks: { afterError: [keepFieldErrors] },
  endpoints: [...exportEndpoints, ...peopleEndpoints],
  db: databaseAdapter(),
  // Payload's own mail (password reset) goes through the site's outbox like every other mail.
  email: outboxEmailAdapter,
  secret: payloadSecret(),
  // sharp loads at the first image it works on (src/platform/lazy-sharp.ts).
  sharp: lazySharp,
  // Uploads are read at most to the image limit (one file per request) and refused beyond it with 413.
  upload: {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1 },
    requestSizeLimit: IMAGE_UPLOAD_MAX_BODY_BYTES,
    responseOnLimit: IMAGE_TOO_LARGE,
  },
  telemetry: false,
  // JSON lines with the request id, e-mail and IP addresses masked (src/platform/log.ts).
  logger: payloadLogger,
  // A wrong password is the visitor's mistake, not the server's, and a throttled attempt is the throttle doing
  // its work: noted, not reported as errors.
  // (Payload types the keys as its own errors' names; the throttle's is src/features/accounts/auth-guard.ts'.)
  loggingLevels: { AuthenticationError: 'info', ...({ TooManyAttempts: 'info' } as object) },
  typescript: {
    outputFile: path.join(srcDir, 'payload-types.ts'),
    autoGenerate: false,
  },
})
