import { DOMParser } from '@xmldom/xmldom'
import type { Payload } from 'payload'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { SmtpPeer } from '../../../scripts/lib/smtp-peer'
import type { User } from '@/payload-types'
import type { TestDatabase } from '../../support/database'
import { newsletterSite } from './newsletter-site'

type Archive = typeof import('@/features/newsletter/archive')
type Gate = typeof import('@/features/newsletter/archive-gate')
type Feed = typeof import('@/features/newsletter/archive-feed')
type Pages = typeof import('@/features/newsletter/ArchivePages')

const SITE = new URL('https://coach.example')
const FEED_SITE = { site: SITE, siteName: 'Coach Site', description: 'Past issues.' }

/**
 * The newsletter's archive on the site below HTTP, on a real database, with issues really mailed (each copy
 * with its reader's unsubscribe link) to an SMTP peer on loopback: what /newsletter, /newsletter/<slug> and
 * the feeds show, what the proxy answers 404 for (`archiveHasPage`), each issue's address, and the cache tags
 * each change expires (the switch, a send finishing, a sent issue saved).
 */
export function newsletterArchiveSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`the newsletter's archive on ${label}`, () => {
    let payload: Payload
    let smtp: SmtpPeer
    let archive: Archive
    let gate: Gate
    let feed: Feed
    let pages: Pages
    let coach: User
    let zoneBefore: string
    const { site, subscribers, anIssue, sender, sendUntilDone } = newsletterSite(setup)

    beforeAll(async () => {
      ;({ payload, smtp } = site)
      archive = await import('@/features/newsletter/archive')
      gate = await import('@/features/newsletter/archive-gate')
      // The server's started instance, which the proxy's check asks (the suite boots Payload itself).
      ;(await import('@/platform/payload-running')).rememberPayload(payload)
      feed = await import('@/features/newsletter/archive-feed')
      pages = await import('@/features/newsletter/ArchivePages')
      coach = await payload.create({
        collection: 'users',
        data: {
          email: `coach.archive@${label.toLowerCase()}.example`,
          password: 'a fine long passphrase',
          role: 'editor',
        },
      })
      zoneBefore = (await payload.findGlobal({ slug: 'availability' })).timeZone
    })

    beforeEach(async () => {
      await switchArchive(false)
      await payload.updateGlobal({ slug: 'availability', data: { timeZone: zoneBefore } })
    })

    const switchArchive = (enabled: boolean) =>
      payload.updateGlobal({ slug: 'newsletter-archive', data: { enabled }, overrideAccess: true })

    /** An issue sent as the coach sends one, to the confirmed subscribers, until it is sent; started at `at`. */
    const sentIssue = async (subject: string, at: string) => {
      const issue = await anIssue(subject)
      expect(await sender.actions.sendNow(payload, issue.id)).toBe(true)
      await sendUntilDone(issue.id)
      await payload.db.updateOne({ collection: 'newsletters', id: issue.id, data: { startedAt: at } })
      const done = await payload.findByID({ collection: 'newsletters', id: issue.id, overrideAccess: true })
      expect(done.status).toBe('sent')
      return done
    }

    /** When Next's manifest of expired tags last saw `tag` expired (0: never). */
    const expiredAt = async (tag: string) => {
      const { nextTagsManifest } = await import('@/platform/next-internals')
      return nextTagsManifest().get(tag)?.expired ?? 0
    }

    it('is off by default: no index, no issue page and no feed (404), though an issue went out', async () => {
      await subscribers(1, 'confirmed')
      const issue = await sentIssue('Spring letter', '2026-03-01T09:00:00.000Z')
      await payload.updateGlobal({ slug: 'newsletter-archive', data: {}, overrideAccess: true })
      expect((await payload.findGlobal({ slug: 'newsletter-archive', overrideAccess: true })).enabled).toBe(false)

      expect(await archive.readArchive(payload)).toEqual({ on: false })
      expect(await archive.readArchiveIssue(payload, issue.slug!)).toBeNull()
      expect(await gate.archiveHasPage(null)).toBe(false)
      expect(await gate.archiveHasPage(issue.slug!)).toBe(false)
      const answer = await feed.archiveFeedResponse(await archive.readArchiveFeed(payload), 'atom', FEED_SITE)
      expect([answer.status, await answer.text()]).toEqual([404, 'Not found'])
      expect((await feed.archiveFeedResponse(null, 'rss', FEED_SITE)).status).toBe(404)
    })

    it('on: lists only the sent issues shown in it, newest first, dated in the coach’s time zone', async () => {
      await payload.updateGlobal({ slug: 'availability', data: { timeZone: 'Pacific/Auckland' } })
      await subscribers(2, 'confirmed')
      // 20:00 UTC on 1 March is already 2 March in Auckland.
      const older = await sentIssue('Winter letter', '2026-03-01T20:00:00.000Z')
      const newer = await sentIssue('Spring letter', '2026-04-10T08:00:00.000Z')
      const hidden = await sentIssue('A letter taken out', '2026-04-20T08:00:00.000Z')
      await payload.update({ collection: 'newsletters', id: hidden.id, data: { showInArchive: false }, user: coach })
      const draft = await anIssue('Not yet sent')
      const cancelled = await anIssue('Never sent')
      expect(await sender.actions.cancelIssue(payload, cancelled.id)).toBe(true)
      await switchArchive(true)

      const shown = await archive.readArchive(payload)
      expect(shown).toEqual({
        on: true,
        timeZone: 'Pacific/Auckland',
        issues: [
          {
            slug: 'spring-letter',
            subject: 'Spring letter',
            preheader: 'This month',
            sentAt: '2026-04-10T08:00:00.000Z',
            date: 'April 10, 2026',
          },
          {
            slug: 'winter-letter',
            subject: 'Winter letter',
            preheader: 'This month',
            sentAt: '2026-03-01T20:00:00.000Z',
            date: 'March 2, 2026',
          },
        ],
      })
      expect(await gate.archiveHasPage(null)).toBe(true)
      for (const issue of [newer, older]) expect(await gate.archiveHasPage(issue.slug!), issue.slug!).toBe(true)
      for (const slug of [hidden.slug!, draft.slug!, cancelled.slug!, 'no-such-letter', 'confirmed']) {
        expect(await gate.archiveHasPage(slug), slug).toBe(false)
        expect(await archive.readArchiveIssue(payload, slug), slug).toBeNull()
      }
      expect((await archive.readArchiveIssue(payload, 'winter-letter'))?.subject).toBe('Winter letter')
    })

    it('shows an issue and its feed with nothing of a reader’s: no unsubscribe link, token or address', async () => {
      const [reader] = await subscribers(1, 'confirmed')
      const issue = await sentIssue('Letter of rest', '2026-05-05T07:30:00.000Z')
      await switchArchive(true)

      // What the reader was mailed: the unsubscribe link with its token, in the body and in the header.
      const mail = smtp.mails.find((m) => m.to?.[0]?.address === reader && m.subject === 'Letter of rest')!
      const unsubscribe = /<(https?:\/\/[^>]+)>/.exec(
        mail.headers.find((h) => h.key === 'list-unsubscribe')?.value as string,
      )![1]!
      const token = new URL(unsubscribe).searchParams.get('token')!
      expect(token).toMatch(/^[\w-]{43}$/)
      expect(String(mail.html)).toContain('/newsletter/unsubscribe/')
      const personal = [token, reader!, 'unsubscribe', 'Unsubscribe']

      const shown = (await archive.readArchiveIssue(payload, issue.slug!))!
      const page = renderToStaticMarkup(createElement(pages.ArchiveIssuePage, { issue: shown }))
      expect(page).toContain('<h1>Letter of rest</h1>')
      expect(page).toContain('<time dateTime="2026-05-05T07:30:00.000Z">May 5, 2026</time>')
      expect(page).toContain('<p>Hello, reader.</p><p>A second paragraph.</p>')
      const index = renderToStaticMarkup(
        createElement(pages.ArchiveIndex, {
          archive: (await archive.readArchive(payload)) as Extract<
            Awaited<ReturnType<Archive['readArchive']>>,
            { on: true }
          >,
        }),
      )
      expect(index).toContain('<a href="/newsletter/letter-of-rest">Letter of rest</a>')

      const atom = await (
        await feed.archiveFeedResponse(await archive.readArchiveFeed(payload), 'atom', FEED_SITE)
      ).text()
      const rss = await (
        await feed.archiveFeedResponse(await archive.readArchiveFeed(payload), 'rss', FEED_SITE)
      ).text()
      for (const [what, text] of [
        ['page', page],
        ['index', index],
        ['Atom', atom],
        ['RSS', rss],
      ] as const) {
        for (const secret of personal) expect(text, `${what} holds "${secret}"`).not.toContain(secret)
      }

      // The Atom feed as a feed reader parses it: the issue's title, its page's absolute address and its date.
      const xml = new DOMParser().parseFromString(atom, 'application/xml')
      const root = xml.documentElement!
      expect([root.localName, root.namespaceURI]).toEqual(['feed', 'http://www.w3.org/2005/Atom'])
      const entries = Array.from(root.getElementsByTagName('entry'))
      expect(entries).toHaveLength(1)
      const entry = entries[0]!
      const child = (name: string) => entry.getElementsByTagName(name)[0]
      expect(child('title')?.textContent).toBe('Letter of rest')
      expect(child('link')?.getAttribute('href')).toBe('https://coach.example/newsletter/letter-of-rest')
      expect(child('id')?.textContent).toBe('https://coach.example/newsletter/letter-of-rest')
      expect(child('updated')?.textContent).toBe('2026-05-05T07:30:00.000Z')
      expect(child('content')?.textContent).toContain('<p>Hello, reader.</p>')
      const self = Array.from(root.getElementsByTagName('link')).find((l) => l.getAttribute('rel') === 'self')
      expect(self?.getAttribute('href')).toBe('https://coach.example/newsletter/feed.xml')
      const rssXml = new DOMParser().parseFromString(rss, 'application/xml')
      expect(rssXml.getElementsByTagName('item')[0]?.getElementsByTagName('link')[0]?.textContent).toBe(
        'https://coach.example/newsletter/letter-of-rest',
      )
    })

    it('gives each issue a free address from its subject, refuses a reserved or taken one, and keeps it once sent', async () => {
      const first = await anIssue('Small steps, taken often!')
      const second = await anIssue('Small steps, taken often!')
      expect([first.slug, second.slug]).toEqual(['small-steps-taken-often', 'small-steps-taken-often-2'])
      const confirmedIssue = await anIssue('Confirmed')
      expect(confirmedIssue.slug).toBe('confirmed-issue')

      const refusal = async (slug: string, id = first.id) =>
        payload.update({ collection: 'newsletters', id, data: { slug }, user: coach, overrideAccess: false }).then(
          () => 'saved',
          (error: { data?: { errors?: { path: string; message: string }[] } }) => {
            const { path, message } = error.data?.errors?.[0] ?? {}
            return { path, message }
          },
        )
      expect(await refusal('confirmed')).toEqual({
        path: 'slug',
        message: '"confirmed" is an address the site uses itself (/newsletter/confirmed): choose another.',
      })
      expect(await refusal('unsubscribe')).toMatchObject({ path: 'slug' })
      expect(await refusal('Spring Letter')).toMatchObject({
        path: 'slug',
        message: expect.stringMatching(/^Use lower-case letters, digits and single hyphens only/),
      })
      expect(await refusal('small-steps-taken-often-2')).toEqual({
        path: 'slug',
        message: 'The issue “Small steps, taken often!” already has this address: choose another.',
      })
      // Nothing of the issue changed with a refused save.
      expect((await payload.findByID({ collection: 'newsletters', id: first.id })).slug).toBe('small-steps-taken-often')

      expect(await refusal('small-steps')).toBe('saved')
      // Emptied, it is made again from the subject.
      await payload.update({ collection: 'newsletters', id: first.id, data: { slug: '' }, user: coach })
      expect((await payload.findByID({ collection: 'newsletters', id: first.id })).slug).toBe('small-steps-taken-often')

      await subscribers(1, 'confirmed')
      const sent = await sentIssue('Gone out', '2026-06-01T08:00:00.000Z')
      expect(await refusal('gone-out-again', sent.id)).toEqual({
        path: 'slug',
        message: 'This issue has gone out: its address stays as it is, so that links to its page keep working.',
      })
      expect((await payload.findByID({ collection: 'newsletters', id: sent.id })).slug).toBe('gone-out')
    })

    it('announces each change the archive shows: the switch, a send finishing, a sent issue saved', async () => {
      await subscribers(1, 'confirmed')
      let before = await expiredAt('newsletter-archive')
      await switchArchive(true)
      expect(await expiredAt('newsletter-archive')).toBeGreaterThan(before)

      before = await expiredAt('newsletter-issues')
      const draft = await anIssue('A draft changes nothing shown')
      await payload.update({ collection: 'newsletters', id: draft.id, data: { subject: 'Still a draft' }, user: coach })
      expect(await expiredAt('newsletter-issues')).toBe(before)

      const issue = await sentIssue('Sent and shown', '2026-07-01T08:00:00.000Z')
      const afterSend = await expiredAt('newsletter-issues')
      expect(afterSend).toBeGreaterThan(before)

      await new Promise((r) => setTimeout(r, 5))
      await payload.update({ collection: 'newsletters', id: issue.id, data: { showInArchive: false }, user: coach })
      expect(await expiredAt('newsletter-issues')).toBeGreaterThan(afterSend)
    })
  })
}
