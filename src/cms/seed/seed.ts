import type { Payload, PayloadRequest } from 'payload'

import { nextMay15 } from '@/domain/announcement'
import { seedPackages } from '@/features/packages/seed'
import * as sample from './content'
import { abstractImage } from './images'

const SEED_MARK = 'seed:completed'
const DAY = 86_400_000

/**
 * Fills an empty database with the sample content, once. A database that was seeded before (or that the
 * coach emptied on purpose) is left alone, so a restart never brings deleted items back. Each list is also
 * only filled while it is empty, which makes a second run after an interrupted one safe.
 */
export async function seedIfEmpty(payload: Payload, now = new Date()): Promise<'seeded' | 'skipped'> {
  if (await payload.kv.has(SEED_MARK)) return 'skipped'
  const req = { context: { disableRevalidate: true } } as Partial<PayloadRequest>
  const isEmpty = async (collection: Parameters<Payload['count']>[0]['collection']) =>
    (await payload.count({ collection, req })).totalDocs === 0

  const upload = async (alt: string, name: string, colors: readonly string[], w: number, h: number, seed: number) => {
    const data = await abstractImage(colors, w, h, seed)
    const doc = await payload.create({
      collection: 'media',
      data: { alt },
      file: { data, mimetype: 'image/png', name: `${name}.png`, size: data.length },
      req,
    })
    return doc.id
  }

  if (await isEmpty('testimonials')) {
    for (const t of sample.testimonials) await payload.create({ collection: 'testimonials', data: t, req })
  }
  if (await isEmpty('blog-posts')) {
    for (const [i, p] of sample.blogPosts.entries()) {
      const image = await upload(`Abstract illustration for "${p.title}"`, p.slug, p.colors, 1200, 750, i + 1)
      await payload.create({
        collection: 'blog-posts',
        data: {
          title: p.title,
          description: p.description,
          image,
          externalLink: `https://medium.com/@coach/${p.slug}`,
        },
        req,
      })
    }
  }
  if (await isEmpty('coaching-services')) {
    for (const s of sample.coachingServices) {
      await payload.create({
        collection: 'coaching-services',
        data: { ...s, features: s.features.map((feature) => ({ feature })) },
        req,
      })
    }
  }
  if (await isEmpty('books')) {
    for (const [i, b] of sample.books.entries()) {
      const coverImage = await upload(`Cover of ${b.title}`, b.slug, b.colors, 800, 1200, i + 3)
      await payload.create({
        collection: 'books',
        data: {
          title: b.title,
          synopsis: b.synopsis,
          coverImage,
          purchaseLink: `https://www.amazon.com/s?k=${encodeURIComponent(b.title)}`,
        },
        req,
      })
    }
  }
  if (await isEmpty('workshops')) {
    for (const w of sample.workshops) {
      const date = new Date(now.getTime() + w.daysFromNow * DAY)
      date.setUTCHours(17, 0, 0, 0)
      await payload.create({
        collection: 'workshops',
        data: {
          title: w.title,
          date: date.toISOString(),
          format: w.format,
          description: w.description,
          // No external link: "Register Now" opens the workshop's own registration page.
          endsAt: new Date(date.getTime() + w.hours * 60 * 60 * 1000).toISOString(),
          attendance: w.attendance,
          venue: w.venue ?? null,
          onlineLink: w.onlineLink ?? null,
          seats: w.seats,
          price: 0,
        },
        req,
      })
    }
  }
  if (await isEmpty('faqs')) {
    for (const f of sample.faqs) await payload.create({ collection: 'faqs', data: { ...f }, req })
  }
  await payload.updateGlobal({ slug: 'site-settings', data: sample.siteSettings, req })
  await payload.updateGlobal({
    slug: 'announcement',
    data: { text: sample.announcementText, link: '/workshops', endsAt: nextMay15(now).toISOString() },
    req,
  })
  await seedPackages(payload, req)
  await payload.kv.set(SEED_MARK, now.toISOString())
  return 'seeded'
}
