import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { DAY, HOUR, MINUTE } from '../../support/clock'
import { aStarterPurchase } from '../../support/credits'
import type { TestDatabase } from '../../support/database'
import { linkToken } from '../../support/outbox'
import { newClients } from '../../support/scenarios'
import { countOf, testSite } from '../../support/site'

type ClientLink = typeof import('@/features/packages/client-link')

/** The clock of these tests: Tuesday 2026-12-01, 10:20 UTC. */
const NOW = new Date('2026-12-01T10:20:00.000Z')
/** Posted as a person fills the form: a while after the page was shown. */
const typed = (email: string, now = NOW) => ({ email, startedAt: String(now.getTime() - 20_000) })

/**
 * "Mail me my link" (decision 069): a client who lost the mail asks for the link to their page. The same
 * answer whoever asks; the link only to a client's own inbox, through the outbox, read here from a real SMTP
 * peer; the form pipeline's guards; one link mail per client in a clock hour.
 */
export function clientLinkSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`Mail me my link on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup, { smtp: true })
    let mod: ClientLink
    const visitor = newClients(`client-link-${label}`)
    const tag = label.toLowerCase()

    beforeAll(async () => {
      ;({ payload } = site)
      mod = await import('@/features/packages/client-link')
    })

    /** A purchase by `email`: paid (a client) or still awaiting its bank transfer (not one yet). */
    async function aPurchase(email: string, status: 'paid' | 'awaiting-payment', name = 'Ada Lovelace') {
      return aStarterPurchase(payload, email, status, {
        paymentMethod: 'bank-transfer',
        ...(status === 'paid' ? { paidAt: NOW.toISOString() } : {}),
        agreedName: name,
      })
    }

    const deliver = async (now = NOW) => (await import('@/platform/mail/outbox')).deliverDueMail(payload, now)
    const linkMails = () => countOf(payload, 'mail-outbox', { kind: { equals: 'client-link' } })

    it('answers a client and a stranger in the same words; only the client gets a mail, with the link to their own page', async () => {
      const email = `ada.${tag}@example.com`
      await aPurchase(email, 'paid')
      await aPurchase(`waiting.${tag}@example.com`, 'awaiting-payment')
      const sent = {
        status: 'ok',
        message:
          'Thank you. If this address has a client page, the link to it is on its way there. Please check your inbox.',
      }
      expect(await mod.askForClientLink(payload, typed(`Stranger.${tag}@example.com`), visitor(), NOW)).toEqual(sent)
      expect(await mod.askForClientLink(payload, typed(`waiting.${tag}@example.com`), visitor(), NOW)).toEqual(sent)
      expect(await linkMails()).toBe(0)
      // However the client writes their address.
      expect(await mod.askForClientLink(payload, typed(`  ADA.${tag}@Example.com `), visitor(), NOW)).toEqual(sent)
      expect(await linkMails()).toBe(1)

      expect(await deliver()).toMatchObject({ sent: 1, failed: 0 })
      const [mail, ...more] = site.smtp.mails
      expect(more).toEqual([])
      expect(mail!.to?.[0]?.address).toBe(email)
      expect(mail!.subject).toMatch(/^The link to your page \| /)
      expect(mail!.text).toContain('Hello Ada Lovelace,')
      expect(mail!.text).toContain(
        'Here is the link to your page, where you book and move your sessions and find your receipts:',
      )
      // The link opens this client's page, and no one else's.
      const token = linkToken(mail!.text, '/client')!
      const { clientByToken } = await import('@/features/packages/sessions')
      expect((await clientByToken(payload, token))?.email).toBe(email)
    })

    it('sends the link in the coach’s words from Settings → Mail texts, as the SMTP peer receives it', async () => {
      const email = `edsger.${tag}@example.com`
      await aPurchase(email, 'paid', 'Edsger Dijkstra')
      const { MAIL_TEXTS } = await import('@/features/mail-texts/defaults')
      try {
        // The link cannot be left out, and a placeholder of another mail is refused in words.
        await expect(
          payload.updateGlobal({
            slug: 'mail-texts',
            data: { packageClientLink: { subject: 'Your link', body: 'Hi {name}, see {manageLink}' } },
            overrideAccess: true,
          }),
        ).rejects.toMatchObject({
          data: {
            errors: [
              {
                label: 'Package: the link to their page > Text',
                message:
                  'This mail has no placeholder {manageLink}. It can use {name}, {clientLink}, {coachName}, {siteName}, {siteUrl}.',
                path: 'packageClientLink.body',
              },
            ],
          },
        })
        await payload.updateGlobal({
          slug: 'mail-texts',
          data: {
            packageClientLink: {
              subject: 'Your way back in, from {coachName}',
              body: 'Dear {name},\n\nyour page is here: {clientLink}\n\nSee you soon,\n{coachName}',
            },
          },
          overrideAccess: true,
        })
        expect((await mod.askForClientLink(payload, typed(email), visitor(), NOW)).status).toBe('ok')
        expect(await deliver()).toMatchObject({ sent: 1, failed: 0 })
        const mine = site.smtp.mails.filter((m) => m.to?.[0]?.address === email)
        expect(mine).toHaveLength(1)
        const coach = (await payload.findGlobal({ slug: 'site-settings' })).brand?.coachName
        expect(mine[0]!.subject).toBe(`Your way back in, from ${coach}`)
        expect(mine[0]!.text?.trim()).toMatch(
          new RegExp(
            `^Dear Edsger Dijkstra,\n\nyour page is here: http://localhost:3000/client/[\\w.-]+\n\nSee you soon,\n${coach}$`,
          ),
        )
        const token = linkToken(mine[0]!.text, '/client')!
        const { clientByToken } = await import('@/features/packages/sessions')
        expect((await clientByToken(payload, token))?.email).toBe(email)
      } finally {
        const { subject, body } = MAIL_TEXTS.packageClientLink
        await payload.updateGlobal({
          slug: 'mail-texts',
          data: { packageClientLink: { subject, body } },
          overrideAccess: true,
        })
      }
    })

    it('mails a client at most one link in a clock hour, however often it is asked for', async () => {
      const email = `grace.${tag}@example.com`
      await aPurchase(email, 'paid', 'Grace Hopper')
      for (const minutes of [0, 5, 30]) {
        const at = new Date(NOW.getTime() + minutes * MINUTE)
        expect((await mod.askForClientLink(payload, typed(email, at), visitor(), at)).status).toBe('ok')
      }
      expect(await linkMails()).toBe(1)
      const nextHour = new Date(NOW.getTime() + HOUR)
      expect((await mod.askForClientLink(payload, typed(email, nextHour), visitor(), nextHour)).status).toBe('ok')
      expect(await linkMails()).toBe(2)
    })

    it('has the guards of every form: the field’s words, a bot told "thank you", too fast, too many', async () => {
      const email = `alan.${tag}@example.com`
      await aPurchase(email, 'paid', 'Alan Turing')
      expect(await mod.askForClientLink(payload, typed(''), visitor(), NOW)).toMatchObject({
        status: 'invalid',
        message: 'Please enter a valid email address.',
        errors: { email: 'Please enter your email address.' },
      })
      expect(await mod.askForClientLink(payload, typed('alan@'), visitor(), NOW)).toMatchObject({
        status: 'invalid',
        errors: { email: 'Please enter a valid email address.' },
        values: { email: 'alan@' },
      })
      const bot = { ...typed(email), website: 'https://spam.example' }
      expect(await mod.askForClientLink(payload, bot, visitor(), NOW)).toMatchObject({ status: 'ok' })
      const tooFast = { email, startedAt: String(NOW.getTime() - 500) }
      expect((await mod.askForClientLink(payload, tooFast, visitor(), NOW)).status).toBe('invalid')
      expect(await linkMails()).toBe(0)
      // Five posts from one client in ten minutes, then a refusal in words.
      const c = visitor()
      for (let i = 0; i < 5; i++) {
        expect((await mod.askForClientLink(payload, typed(`x${i}.${tag}@example.com`), c, NOW)).status).toBe('ok')
      }
      const sixth = await mod.askForClientLink(payload, typed(email), c, NOW)
      expect(sixth.status).toBe('rate-limited')
      expect(await linkMails()).toBe(0)
    })

    /** The link in the last "Mail me my link" mail to `email`. */
    const mailedLink = async (email: string) => {
      const { mailsAsSent } = await import('../../support/outbox')
      const mails = await mailsAsSent(payload, { kind: { equals: 'client-link' }, to: { equals: email } })
      return linkToken(mails.at(-1)?.text, '/client')!
    }

    it('a link mailed on request ends the one before: the old one (and the first, from the payment’s mail) opens no page but says to ask for a new one', async () => {
      const email = `ida.${tag}@example.com`
      await aPurchase(email, 'paid', 'Ida Rhodes')
      const { clientAccess } = await import('@/features/packages/client-access')
      const { clientByToken } = await import('@/features/packages/sessions')
      const { clientToken } = await import('@/features/packages/tokens')
      const first = clientToken(email)
      expect((await clientByToken(payload, first, NOW))?.email).toBe(email)

      expect((await mod.askForClientLink(payload, typed(email), visitor(), NOW)).status).toBe('ok')
      const second = await mailedLink(email)
      expect(second).not.toBe(first)
      expect(await clientAccess(payload, first, NOW)).toEqual({ status: 'replaced' })
      expect(await clientByToken(payload, first, NOW)).toBeNull()
      expect((await clientByToken(payload, second, NOW))?.email).toBe(email)

      const nextHour = new Date(NOW.getTime() + HOUR)
      expect((await mod.askForClientLink(payload, typed(email, nextHour), visitor(), nextHour)).status).toBe('ok')
      const third = await mailedLink(email)
      expect(new Set([first, second, third]).size).toBe(3)
      expect(await clientAccess(payload, second, nextHour)).toEqual({ status: 'replaced' })
      expect((await clientByToken(payload, third, nextHour))?.email).toBe(email)
      // What the page of a replaced link says.
      const { CLIENT_PAGE_CLOSED } = await import('@/features/packages/texts')
      expect(CLIENT_PAGE_CLOSED.replaced).toEqual({
        heading: 'This link has been replaced',
        lead: 'A newer link to your page was mailed to you, and this one no longer opens it. Use the link in your latest mail, or ask for a new one below.',
      })
    })

    it('a client’s link ends 30 days after their last credit did (here: past its validity, 90 days), and a link asked for then opens the page for 30 days from its mail', async () => {
      const { aPaidClient } = await import('../../support/credits')
      const { clientAccess } = await import('@/features/packages/client-access')
      const { clientToken } = await import('@/features/packages/tokens')
      const { email } = await aPaidClient(payload, { name: 'Mary Jackson', label, paidAt: NOW })
      const first = clientToken(email)
      const day = (n: number) => new Date(NOW.getTime() + n * DAY)
      // A credit to book (valid 90 days), then none: open for 30 days more, closed after.
      expect((await clientAccess(payload, first, day(10))).status).toBe('open')
      expect((await clientAccess(payload, first, day(90 + 30))).status).toBe('open')
      expect(await clientAccess(payload, first, day(90 + 31))).toEqual({ status: 'expired' })
      const { CLIENT_PAGE_CLOSED } = await import('@/features/packages/texts')
      expect(CLIENT_PAGE_CLOSED.expired.heading).toBe('This link has expired')
      expect(CLIENT_PAGE_CLOSED.expired.lead).toBe(
        'Your sessions are all used, so this link to your page has closed. To see your page again (your receipts and past sessions), ask for a new link below.',
      )

      // Asked for then: a new link, open for 30 days from its mail.
      const asked = day(90 + 40)
      expect((await mod.askForClientLink(payload, typed(email, asked), visitor(), asked)).status).toBe('ok')
      const renewed = await mailedLink(email)
      expect((await clientAccess(payload, renewed, asked)).status).toBe('open')
      expect((await clientAccess(payload, renewed, day(90 + 40 + 30))).status).toBe('open')
      expect(await clientAccess(payload, renewed, day(90 + 40 + 31))).toEqual({ status: 'expired' })
    })

    it('answers a client and a stranger after the same time, whatever it did for the client', async () => {
      const email = `dorothy.${tag}@example.com`
      await aPurchase(email, 'paid', 'Dorothy Vaughan')
      // On this test's clock, not the machine's: the client's post is read at 1,000 ms, has mailed the link by
      // 1,120 and waits the 380 ms left; its timer fires a millisecond early, so it waits that one too. The
      // stranger's post, which mails nothing, is done by 2,005 and waits the 495 ms left.
      const now = vi
        .spyOn(mod.clientLinkClock, 'now')
        .mockReturnValueOnce(1000)
        .mockReturnValueOnce(1120)
        .mockReturnValueOnce(1499)
        .mockReturnValueOnce(1500)
        .mockReturnValueOnce(2000)
        .mockReturnValueOnce(2005)
        .mockReturnValueOnce(2500)
      const wait = vi.spyOn(mod.clientLinkClock, 'wait').mockResolvedValue()
      try {
        const client = await mod.askForClientLink(payload, typed(email), visitor(), NOW)
        expect(wait.mock.calls).toEqual([[380], [1]])
        const stranger = await mod.askForClientLink(payload, typed(`nobody.${tag}@example.com`), visitor(), NOW)
        expect(wait.mock.calls).toEqual([[380], [1], [495]])
        expect(stranger).toEqual(client)
      } finally {
        now.mockRestore()
        wait.mockRestore()
      }
      expect(mod.CLIENT_LINK_ANSWER_MS).toBe(500)
      expect(await linkMails()).toBe(1)
    })
  })
}
