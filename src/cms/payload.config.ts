import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { buildConfig } from 'payload'
import sharp from 'sharp'

import { Books } from './collections/Books'
import { BlogPosts } from './collections/BlogPosts'
import { CoachingServices } from './collections/CoachingServices'
import { ContactMessages } from './collections/ContactMessages'
import { FAQs } from './collections/FAQs'
import { MailOutbox } from './collections/MailOutbox'
import { Media } from './collections/Media'
import { RateLimitHits } from './collections/RateLimitHits'
import { Subscribers } from './collections/Subscribers'
import { Testimonials } from './collections/Testimonials'
import { Users } from './collections/Users'
import { Workshops } from './collections/Workshops'
import { databaseAdapter } from './database'
import { Announcement } from './globals/Announcement'
import { SiteSettings } from './globals/SiteSettings'
import { payloadSecret } from './secret'

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export default buildConfig({
  admin: {
    user: Users.slug,
    // No Gravatar: it would send a hash of the coach's e-mail to a third party.
    avatar: 'default',
    meta: { titleSuffix: ' · Site admin' },
    importMap: {
      baseDir: srcDir,
      importMapFile: path.join(srcDir, 'app/(payload)/admin/importMap.js'),
      autoGenerate: false,
    },
  },
  // The public read API of the spec owns /api/<list>; Payload's own REST API lives beside it.
  routes: { api: '/cms-api' },
  graphQL: { disable: true },
  collections: [
    ContactMessages,
    Subscribers,
    MailOutbox,
    Testimonials,
    BlogPosts,
    CoachingServices,
    Books,
    Workshops,
    FAQs,
    Media,
    Users,
    RateLimitHits,
  ],
  globals: [SiteSettings, Announcement],
  db: databaseAdapter(),
  secret: payloadSecret(),
  sharp,
  telemetry: false,
  typescript: {
    outputFile: path.join(srcDir, 'payload-types.ts'),
    autoGenerate: false,
  },
})
