import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Purchase } from '@/payload-types'
import type { TestDatabase } from '../../support/database'
import { mailsAsSent } from '../../support/outbox'
import { newClients } from '../../support/scenarios'
import { testSite } from '../../support/site'

/** What the checkout page says for each refusal (src/features/packages/texts.ts, the spec's checkout texts). */
const SAYS = {
  name: 'Please type your full name.',
  tick: 'Please tick the box to accept the agreement.',
  'agreement-changed': 'The agreement was updated while you read it. Please read it again below.',
  intake: 'Please answer the questions marked below.',
} as const

/**
 * Bad input on the agreement and the intake of a package's checkout (issue 39, item 6), posted as the
 * checkout page's forms post them (each step once per post: src/features/packages/posts.ts): an unsigned
 * agreement, an odd name, a version not the one current, missing, overlong or odd answers, and a link that is
 * not the buyer's. Each gets the checkout page again with the refusal it names in words, and leaves the
 * purchase and the mails as they were.
 */
export function checkoutInputSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`bad input on a package's agreement and intake on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup)
    let checkout: typeof import('@/features/packages/checkout')
    let posts: typeof import('@/features/packages/posts')
    let domain: typeof import('@/domain/packages')
    let starterId: number
    let agreementId: number
    /** A package asking a short required question, a long optional one and a required choice. */
    let askingId: number
    const client = newClients(`checkout-input-${label}`)
    const NOW = new Date('2026-12-01T10:00:00.000Z')

    beforeAll(async () => {
      ;({ payload } = site)
      checkout = await import('@/features/packages/checkout')
      posts = await import('@/features/packages/posts')
      domain = await import('@/domain/packages')
      const { seedPackages } = await import('@/features/packages/seed')
      await seedPackages(payload, {})
      const starter = (await payload.find({ collection: 'packages', depth: 0, overrideAccess: true })).docs[0]!
      starterId = starter.id
      agreementId = Number(starter.agreement)
      askingId = (
        await payload.create({
          collection: 'packages',
          data: {
            card: '6-Month Program',
            onSale: true,
            sessions: 12,
            sessionMinutes: 60,
            validityDays: 200,
            agreement: agreementId,
            intakeQuestions: [
              { question: 'Your city?', kind: 'short', required: true },
              { question: 'Anything else?', kind: 'long', required: false },
              { question: 'Mornings or evenings?', kind: 'choice', required: true, choices: 'Mornings\nEvenings' },
            ],
          },
          overrideAccess: true,
        })
      ).id
    })

    const purchaseOf = (id: number) =>
      payload.findByID({ collection: 'purchases', id, depth: 0, overrideAccess: true, showHiddenFields: true })
    const currentVersion = async () =>
      (
        await payload.find({
          collection: 'agreement-versions',
          where: { agreement: { equals: agreementId } },
          sort: '-number',
          limit: 1,
          overrideAccess: true,
        })
      ).docs[0]!

    let buyers = 0
    /** A buyer's checkout past the mailed code (on the agreement): the purchase and the checkout's token. */
    async function verified(packageId = starterId): Promise<{ purchase: Purchase; token: string }> {
      const { runForm } = await import('@/platform/forms/pipeline')
      const email = `buyer${++buyers}.${label.toLowerCase()}@example.com`
      const started = await runForm(payload, checkout.buyForm, { email, package: String(packageId) }, client(), NOW)
      const token = (started as { redirectTo: string }).redirectTo.replace('/coaching/checkout/', '')
      const purchase = (await checkout.purchaseByToken(payload, token))!
      const mail = (await mailsAsSent(payload, { kind: { equals: 'checkout-code' } })).find(
        (m) => m.reference === `purchases:${purchase.id}`,
      )!
      const code = /Your code to buy the .+: (\d{6})/.exec(mail.text)![1]!
      expect(await checkout.confirmCode(payload, purchase, code, NOW)).toBe('done')
      return { purchase: await purchaseOf(purchase.id), token }
    }

    /** A buyer's checkout past the agreement (on the questions). */
    async function agreed(packageId = askingId) {
      const buyer = await verified(packageId)
      const version = await currentVersion()
      await step('agreement', { token: buyer.token, name: 'Ada Lovelace', accept: 'yes', version: String(version.id) })
      expect((await purchaseOf(buyer.purchase.id)).status).toBe('agreed')
      return buyer
    }

    /** One step posted as its form posts it, from a client of its own: the page it leads to. */
    const step = (which: 'agreement' | 'intake', fields: Record<string, unknown>) =>
      posts.postCheckoutStep(payload, which, fields, client(), NOW)

    /** The checkout page again, saying `problem` (and for the intake, the questions refused, each with why). */
    const page = (token: string, problem?: keyof typeof SAYS, fields?: string) =>
      `/coaching/checkout/${token}${problem ? `?problem=${problem}${fields ? `&fields=${fields}` : ''}` : ''}#checkout-heading`

    /** What the page at `path` says: its refusal, and under each question refused, why. */
    async function says(path: string) {
      const query = new URL(path, 'http://localhost').searchParams
      const { CHECKOUT_PROBLEMS } = await import('@/features/packages/texts')
      const { packageOnSale } = await import('@/features/packages/catalogue')
      const problem = query.get('problem')
      const questions = (await packageOnSale(payload, askingId))!.questions
      return {
        problem: problem ? CHECKOUT_PROBLEMS[problem as keyof typeof CHECKOUT_PROBLEMS] : undefined,
        ...(query.has('fields') ? { questions: domain.refusedAnswers(questions, query.get('fields')!) } : {}),
      }
    }

    /** What a refused post must leave as it was: the purchase, and the mails. */
    const stored = async (p: Purchase) => ({
      purchase: await purchaseOf(p.id),
      mails: (await mailsAsSent(payload)).map((m) => [m.kind, m.to, m.reference]),
    })

    it('an agreement without a name, with an odd or overlong one, unticked, or for a version not the current one, is refused in words and signs nothing', async () => {
      const { purchase, token } = await verified()
      const before = await stored(purchase)
      const version = String((await currentVersion()).id)
      const signed = { token, name: 'Ada Lovelace', accept: 'yes', version }
      const refused: [Record<string, unknown>, keyof typeof SAYS][] = [
        [{ name: undefined }, 'name'],
        [{ name: '   ' }, 'name'],
        [{ name: 'a'.repeat(101) }, 'name'],
        [{ name: 'Ada\nLovelace' }, 'name'],
        [{ name: '<Ada>' }, 'name'],
        [{ name: ['Ada', 'Eve'] }, 'name'],
        [{ name: new File(['Ada'], 'name.txt') }, 'name'],
        [{ accept: undefined }, 'tick'],
        // A checkbox without its value posts "on"; only the form's own "yes" is a tick.
        [{ accept: 'on' }, 'tick'],
        [{ accept: 'no' }, 'tick'],
        [{ accept: '' }, 'tick'],
        [{ version: undefined }, 'agreement-changed'],
        [{ version: '' }, 'agreement-changed'],
        [{ version: 'latest' }, 'agreement-changed'],
        [{ version: '999999' }, 'agreement-changed'],
        [{ version: ` ${version}` }, 'agreement-changed'],
      ]
      for (const [change, problem] of refused) {
        const posted = Object.fromEntries(
          Object.entries({ ...signed, ...change }).filter(([, v]) => v !== undefined),
        ) as Record<string, unknown>
        const path = await step('agreement', posted)
        expect({ change, path, says: await says(path) }).toEqual({
          change,
          path: page(token, problem),
          says: { problem: SAYS[problem] },
        })
      }
      expect(await stored(purchase)).toEqual(before)
    })

    it('an agreement accepted for a version the coach has replaced since is refused, and the new one is then accepted once', async () => {
      const { purchase, token } = await verified()
      const old = await currentVersion()
      const agreement = await payload.findByID({ collection: 'agreements', id: agreementId, overrideAccess: true })
      await payload.update({
        collection: 'agreements',
        id: agreementId,
        data: { text: `${agreement.text}\n\nA clause added on ${label}.` },
        overrideAccess: true,
      })
      const current = await currentVersion()
      expect(current.number).toBe(old.number + 1)
      const before = await stored(purchase)
      const signed = { token, name: 'Ada Lovelace', accept: 'yes' }
      const path = await step('agreement', { ...signed, version: String(old.id) })
      expect([path, await says(path)]).toEqual([
        page(token, 'agreement-changed'),
        { problem: SAYS['agreement-changed'] },
      ])
      expect(await stored(purchase)).toEqual(before)
      // The new version, then the same post again from another tab: signed once, one copy mailed.
      expect(await step('agreement', { ...signed, version: String(current.id) })).toBe(page(token))
      const signedOnce = await purchaseOf(purchase.id)
      expect(signedOnce).toMatchObject({ status: 'agreed', agreementVersion: current.id, agreedName: 'Ada Lovelace' })
      expect(await step('agreement', { ...signed, name: 'Someone Else', version: String(current.id) })).toBe(
        page(token),
      )
      expect(await purchaseOf(purchase.id)).toEqual(signedOnce)
      const copies = await mailsAsSent(payload, {
        kind: { equals: 'agreement-copy' },
        reference: { equals: `purchases:${purchase.id}` },
      })
      expect(copies).toHaveLength(1)
    })

    it('answers missing, overlong, not among the choices or not text are refused, each question saying why, and nothing is stored or mailed', async () => {
      const { purchase, token } = await agreed()
      const before = await stored(purchase)
      const good = { q0: 'Lisbon', q1: 'Nothing', q2: 'Evenings' }
      const refused: [Record<string, unknown>, string, Record<number, string>][] = [
        [{ q0: undefined }, '0.missing', { 0: 'Please answer this question.' }],
        [{ q0: ' \n ' }, '0.missing', { 0: 'Please answer this question.' }],
        [{ q0: 'x'.repeat(201) }, '0.long', { 0: 'Your answer can be at most 200 characters.' }],
        [{ q1: 'x'.repeat(4001) }, '1.long', { 1: 'Your answer can be at most 4000 characters.' }],
        [{ q2: 'Afternoons' }, '2.choice', { 2: 'Please choose one of the answers.' }],
        [{ q2: 'evenings' }, '2.choice', { 2: 'Please choose one of the answers.' }],
        [{ q2: undefined }, '2.missing', { 2: 'Please answer this question.' }],
        [
          { q0: ['Lisbon', 'Porto'], q2: new File(['Evenings'], 'q2.txt') },
          '0.missing-2.missing',
          { 0: 'Please answer this question.', 2: 'Please answer this question.' },
        ],
        [
          { q0: '', q1: 'y'.repeat(5000), q2: 'Nights' },
          '0.missing-1.long-2.choice',
          {
            0: 'Please answer this question.',
            1: 'Your answer can be at most 4000 characters.',
            2: 'Please choose one of the answers.',
          },
        ],
      ]
      for (const [change, fields, questions] of refused) {
        const posted = Object.fromEntries(
          Object.entries({ token, ...good, ...change }).filter(([, v]) => v !== undefined),
        ) as Record<string, unknown>
        const path = await step('intake', posted)
        expect({ change: Object.keys(change), path, says: await says(path) }).toEqual({
          change: Object.keys(change),
          path: page(token, 'intake', fields),
          says: { problem: SAYS.intake, questions },
        })
      }
      expect(await stored(purchase)).toEqual(before)
      expect(before.purchase.status).toBe('agreed')
      expect(before.purchase.intakeAnswers ?? []).toEqual([])
    })

    it('a long answer at its limit with line breaks, as the browser posts it (CR LF), is taken; answers to questions not asked are not kept', async () => {
      const { purchase, token } = await agreed()
      // The browser's limit counts each line break once and posts it as two characters.
      const paragraphs = Array.from({ length: 40 }, (_, i) => `${i}`.padEnd(99, '.'))
      const typed = paragraphs.join('\n')
      expect(typed.length).toBe(3999)
      const path = await step('intake', {
        token,
        q0: ' Lis\0bon ',
        q1: paragraphs.join('\r\n'),
        q2: 'Mornings',
        q3: 'not asked',
        'q-1': 'not asked',
        ['__proto__']: 'not asked',
      })
      expect(path).toBe(page(token))
      expect(await purchaseOf(purchase.id)).toMatchObject({
        status: 'awaiting-payment',
        intakeAnswers: [
          { question: 'Your city?', answer: 'Lisbon' },
          { question: 'Anything else?', answer: typed },
          { question: 'Mornings or evenings?', answer: 'Mornings' },
        ],
      })
      expect(
        (await mailsAsSent(payload, { reference: { equals: `purchases:${purchase.id}` } })).map((m) => m.kind),
      ).toEqual(['checkout-code', 'agreement-copy', 'payment-details'])
    })

    it('a step posted with a link that is not this buyer’s, or none, leads to the coaching page and changes no purchase', async () => {
      const ada = await verified()
      const bob = await agreed()
      const before = [await stored(ada.purchase), await stored(bob.purchase)]
      const { clientToken } = await import('@/features/packages/tokens')
      const { confirmationToken } = await import('@/features/workshops/confirm-token')
      const [, signature] = ada.token.split('.')
      const notTheirs = [
        undefined,
        '',
        ['odd'],
        // Ada's signature on Bob's purchase; Bob's purchase under a made-up signature.
        `${bob.token.split('.')[0]}.${signature}`,
        `${bob.token.split('.')[0]}.${'A'.repeat(43)}`,
        // Links of other kinds: a client's page, a workshop's confirmation.
        clientToken(bob.purchase.email),
        confirmationToken({ workshop: 1, email: bob.purchase.email, name: 'Bob', askedAt: NOW.getTime() }),
        `${'9'.repeat(100_000)}.${signature}`,
      ]
      for (const token of notTheirs) {
        const fields = (token === undefined ? {} : { token }) as Record<string, unknown>
        expect(
          await step('agreement', {
            ...fields,
            name: 'Eve',
            accept: 'yes',
            version: String((await currentVersion()).id),
          }),
        ).toBe('/coaching')
        expect(await step('intake', { ...fields, q0: 'Eve’s city', q2: 'Evenings' })).toBe('/coaching')
      }
      // Ada's own link posted to a step she is not at: her page as it is, nothing done.
      expect(await step('intake', { token: ada.token, q0: 'Lisbon', q2: 'Evenings' })).toBe(page(ada.token))
      expect([await stored(ada.purchase), await stored(bob.purchase)]).toEqual(before)
    })
  })
}
