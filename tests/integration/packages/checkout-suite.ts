import { createHash } from 'node:crypto'

import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { AgreementVersion, Purchase } from '@/payload-types'
import { DAY } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { mailsAsSent } from '../../support/outbox'
import { restRequest } from '../../support/rest'
import { newClients } from '../../support/scenarios'
import { countOf, testSite } from '../../support/site'

type Checkout = typeof import('@/features/packages/checkout')
type Paid = typeof import('@/features/packages/paid')
type Tokens = typeof import('@/features/packages/tokens')

const NOW = new Date('2026-12-01T10:00:00.000Z')
const LATER = new Date('2026-12-01T10:05:00.000Z')

/**
 * The bank-transfer path of a package (issue 27; decisions 054–056): the seeded Starter Session bought in the
 * five steps (e-mail and mailed code, agreement, intake, payment details), the coach's "Mark payment received"
 * (admins only; twice is once), the credits open in the ledger, the client's link mailed; the agreement's
 * versions and evidence never changing.
 */
export function checkoutSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`Buying a package by bank transfer on ${label}`, () => {
    let payload: Payload
    // A real SMTP peer: Mark payment received sends the client's mail at once.
    const site = testSite(setup, { smtp: true })
    let checkout: Checkout
    let paid: Paid
    let tokens: Tokens
    let starterId: number
    let agreementId: number
    const client = newClients(`checkout-${label}`)
    const admin = { email: `admin.${label.toLowerCase()}@example.com`, password: 'a quiet lake at dawn 2026' }
    const editor = { email: `editor.${label.toLowerCase()}@example.com`, password: 'a quiet lake at dawn 2027' }
    let adminToken = ''
    let editorToken = ''

    beforeAll(async () => {
      ;({ payload } = site)
      checkout = await import('@/features/packages/checkout')
      paid = await import('@/features/packages/paid')
      tokens = await import('@/features/packages/tokens')
      const { seedPackages } = await import('@/features/packages/seed')
      await seedPackages(payload, {})
      const pkg = (await payload.find({ collection: 'packages', depth: 0, overrideAccess: true })).docs[0]!
      starterId = pkg.id
      agreementId = Number(pkg.agreement)
      await payload.create({ collection: 'users', data: { ...admin, role: 'admin' }, overrideAccess: true })
      await payload.create({ collection: 'users', data: { ...editor, role: 'editor' }, overrideAccess: true })
      adminToken = (await payload.login({ collection: 'users', data: admin })).token!
      editorToken = (await payload.login({ collection: 'users', data: editor })).token!
    })

    /**
     * A stored row not even the site's own code may change (past every access rule): the write is refused with
     * Payload's 403 and its words, as the admin would show them.
     */
    const expectUnchangeable = (
      collection: 'purchases' | 'agreement-versions',
      id: number,
      data: Partial<Purchase> | Partial<AgreementVersion>,
    ) =>
      expect(payload.update({ collection, id, data, overrideAccess: true })).rejects.toMatchObject({
        name: 'Forbidden',
        status: 403,
        message: 'You are not allowed to perform this action.',
      })

    const purchaseOf = (id: number) =>
      payload.findByID({ collection: 'purchases', id, depth: 0, overrideAccess: true, showHiddenFields: true })

    /** Step 1 as the form posts it: answers the purchase and the code mailed for it. */
    async function start(email: string): Promise<{ purchase: Purchase; code: string; redirectTo: string }> {
      const { runForm } = await import('@/platform/forms/pipeline')
      const result = await runForm(payload, checkout.buyForm, { email, package: String(starterId) }, client(), NOW)
      expect(result.status).toBe('ok')
      const redirectTo = (result as { redirectTo?: string }).redirectTo!
      const token = redirectTo.replace('/coaching/checkout/', '')
      const purchase = (await checkout.purchaseByToken(payload, token))!
      const mail = (await mailsAsSent(payload, { kind: { equals: 'checkout-code' } })).find(
        (m) => m.reference === `purchases:${purchase.id}`,
      )!
      const code = /Your code to buy the Starter Session: (\d{6})/.exec(mail.text)![1]!
      return { purchase, code, redirectTo }
    }

    /** All five steps: answers the purchase awaiting payment. */
    async function awaitingPayment(email: string): Promise<Purchase> {
      const { purchase, code } = await start(email)
      expect(await checkout.confirmCode(payload, purchase, code, NOW)).toBe('done')
      const version = (
        await payload.find({
          collection: 'agreement-versions',
          where: { agreement: { equals: agreementId } },
          sort: '-number',
          overrideAccess: true,
        })
      ).docs[0]!
      expect(
        await checkout.acceptAgreement(
          payload,
          await purchaseOf(purchase.id),
          { name: 'Ada Lovelace', accept: 'yes', version: String(version.id) },
          LATER,
        ),
      ).toBe('done')
      expect(
        await checkout.answerIntake(payload, await purchaseOf(purchase.id), { q0: 'My career', q1: 'A book' }, LATER),
      ).toBe('done')
      return purchaseOf(purchase.id)
    }

    it('step 1 stores the Starter Session as sold ($150 in cents, 1 session of 60 minutes) and mails a six-digit code', async () => {
      const { purchase, redirectTo } = await start('  Ada@Example.com ')
      expect(redirectTo).toMatch(/^\/coaching\/checkout\/\d+-\d+\.[\w-]{43}$/)
      expect(purchase).toMatchObject({
        status: 'code-sent',
        email: 'ada@example.com',
        packageTitle: 'Starter Session',
        amount: 15000,
        sessions: 1,
        sessionMinutes: 60,
        validityDays: 90,
      })
      expect(purchase.reference).toMatch(/^PKG-[2-9A-HJKMNP-Z]{6}$/)
      const [mail] = await mailsAsSent(payload, { kind: { equals: 'checkout-code' } })
      expect(mail).toMatchObject({ to: 'ada@example.com' })
      expect(mail!.subject).toMatch(/^Your code: \d{6} \| /)
      // The code is stored as a hash only.
      const stored = await purchaseOf(purchase.id)
      expect(JSON.stringify(stored)).not.toContain(/(\d{6})/.exec(mail!.subject)![1])
    })

    it('"Send me a code" posted twice at once (a double click) starts one purchase and mails one code, which the checkout both answers lead to takes', async () => {
      const { runForm } = await import('@/platform/forms/pipeline')
      const email = `double.${label.toLowerCase()}@example.com`
      const body = { email, package: String(starterId), startedAt: String(NOW.getTime() - 20_000) }
      const c = client()
      const [one, two] = await Promise.all([
        runForm(payload, checkout.buyForm, body, c, NOW),
        runForm(payload, checkout.buyForm, { ...body }, c, NOW),
      ])
      expect(one).toEqual({
        status: 'ok',
        message: 'We sent a code to your e-mail address. It is valid for 30 minutes.',
        redirectTo: expect.stringMatching(/^\/coaching\/checkout\/\d+-\d+\.[\w-]{43}$/),
      })
      expect(two).toEqual(one)
      expect(await countOf(payload, 'purchases', { email: { equals: email } })).toBe(1)
      const mails = await mailsAsSent(payload, { kind: { equals: 'checkout-code' }, to: { equals: email } })
      expect(mails).toHaveLength(1)
      // The code in that one mail is the one the page both answers lead to takes.
      const token = (two as { redirectTo: string }).redirectTo.replace('/coaching/checkout/', '')
      const purchase = (await checkout.purchaseByToken(payload, token))!
      const code = /Your code to buy the Starter Session: (\d{6})/.exec(mails[0]!.text)![1]!
      expect(await checkout.confirmCode(payload, purchase, code, NOW)).toBe('done')
      // The same body a moment later (a reload within half a minute) is the same post again; later, a new one.
      const again = await runForm(payload, checkout.buyForm, { ...body }, c, new Date(NOW.getTime() + 10_000))
      expect(again).toEqual(one)
      expect(await countOf(payload, 'purchases', { email: { equals: email } })).toBe(1)
      const later = await runForm(payload, checkout.buyForm, { ...body }, c, new Date(NOW.getTime() + 60_000))
      expect((later as { redirectTo: string }).redirectTo).not.toBe((one as { redirectTo: string }).redirectTo)
      expect(await countOf(payload, 'purchases', { email: { equals: email } })).toBe(2)
    })

    it('each later step posted twice at once does it once: one try of the code, one copy of the agreement, one mail of the payment details; both answers lead to the same page', async () => {
      const { postCheckoutStep } = await import('@/features/packages/posts')
      const { purchase, code, redirectTo } = await start(`steps.twice.${label.toLowerCase()}@example.com`)
      const token = redirectTo.replace('/coaching/checkout/', '')
      const page = `${redirectTo}#checkout-heading`
      const twice = async (step: 'code' | 'agreement' | 'intake', fields: Record<string, string>) => {
        const c = client()
        const answers = await Promise.all([
          postCheckoutStep(payload, step, { token, ...fields }, c, LATER),
          postCheckoutStep(payload, step, { token, ...fields }, c, LATER),
        ])
        expect(answers).toEqual([page, page])
      }
      await twice('code', { code })
      expect(await purchaseOf(purchase.id)).toMatchObject({ status: 'verified', codeTries: 1 })
      const version = (
        await payload.find({
          collection: 'agreement-versions',
          where: { agreement: { equals: agreementId } },
          sort: '-number',
          overrideAccess: true,
        })
      ).docs[0]!
      await twice('agreement', { name: 'Ada Lovelace', accept: 'yes', version: String(version.id) })
      await twice('intake', { q0: 'My career', q1: 'A book' })
      expect(await purchaseOf(purchase.id)).toMatchObject({ status: 'awaiting-payment', agreedName: 'Ada Lovelace' })
      const reference = { reference: { equals: `purchases:${purchase.id}` } }
      expect(await countOf(payload, 'mail-outbox', { ...reference, kind: { equals: 'agreement-copy' } })).toBe(1)
      expect(await countOf(payload, 'mail-outbox', { ...reference, kind: { equals: 'payment-details' } })).toBe(1)
    })

    it('step 1 refuses a package that is not on sale, storing nothing', async () => {
      const { runForm } = await import('@/platform/forms/pipeline')
      await payload.update({ collection: 'packages', id: starterId, data: { onSale: false }, overrideAccess: true })
      try {
        const before = await countOf(payload, 'purchases')
        const result = await runForm(
          payload,
          checkout.buyForm,
          { email: 'bob@example.com', package: String(starterId) },
          client(),
          NOW,
        )
        expect(result).toMatchObject({ status: 'conflict', message: 'This package is not on sale at the moment.' })
        expect(await countOf(payload, 'purchases')).toBe(before)
      } finally {
        await payload.update({ collection: 'packages', id: starterId, data: { onSale: true }, overrideAccess: true })
      }
    })

    it('a forged or altered checkout link finds no purchase', async () => {
      const { purchase } = await start('carol@example.com')
      const token = tokens.checkoutToken(purchase)
      expect((await checkout.purchaseByToken(payload, token))?.id).toBe(purchase.id)
      const other = token.replace(/^\d+/, String(purchase.id + 1))
      expect(await checkout.purchaseByToken(payload, other)).toBeNull()
      expect(await checkout.purchaseByToken(payload, 'nonsense')).toBeNull()
    })

    it('the code: a wrong one is counted, five wrong ones or 30 minutes end it, the right one confirms the address', async () => {
      const first = await start('dan@example.com')
      expect(await checkout.confirmCode(payload, first.purchase, '000000x', NOW)).toBe('code-wrong')
      expect((await purchaseOf(first.purchase.id)).codeTries).toBe(1)
      expect(
        await checkout.confirmCode(
          payload,
          await purchaseOf(first.purchase.id),
          first.code,
          new Date(NOW.getTime() + 31 * 60_000),
        ),
      ).toBe('code-expired')
      expect(
        await checkout.confirmCode(
          payload,
          await purchaseOf(first.purchase.id),
          ` ${first.code.slice(0, 3)} ${first.code.slice(3)} `,
          NOW,
        ),
      ).toBe('done')
      const confirmed = await purchaseOf(first.purchase.id)
      expect(confirmed).toMatchObject({ status: 'verified', codeHash: null })

      const second = await start('erin@example.com')
      const wrong = second.code === '111111' ? '222222' : '111111'
      for (let i = 1; i <= 4; i++) {
        expect(await checkout.confirmCode(payload, await purchaseOf(second.purchase.id), wrong, NOW)).toBe('code-wrong')
      }
      expect(await checkout.confirmCode(payload, await purchaseOf(second.purchase.id), wrong, NOW)).toBe('code-expired')
      expect(await checkout.confirmCode(payload, await purchaseOf(second.purchase.id), second.code, NOW)).toBe(
        'code-expired',
      )
      expect((await purchaseOf(second.purchase.id)).status).toBe('code-sent')
    })

    it('the code: twenty guesses sent at once spend the five tries, no more, and the right code then comes too late', async () => {
      const { purchase, code } = await start('guesser@example.com')
      const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'))
      const outcomes = await Promise.all(guesses.map((guess) => checkout.confirmCode(payload, purchase, guess, NOW)))
      expect(outcomes.filter((o) => o === 'code-wrong')).toHaveLength(4)
      expect(outcomes.filter((o) => o === 'code-expired')).toHaveLength(16)
      expect((await purchaseOf(purchase.id)).codeTries).toBe(5)
      expect(await checkout.confirmCode(payload, await purchaseOf(purchase.id), code, NOW)).toBe('code-expired')
      expect((await purchaseOf(purchase.id)).status).toBe('code-sent')
    })

    it('the agreement: a name and a tick are needed; the evidence names the exact version and is mailed; it never changes', async () => {
      const { purchase, code } = await start('fay@example.com')
      const versions = await payload.find({
        collection: 'agreement-versions',
        where: { agreement: { equals: agreementId } },
        overrideAccess: true,
      })
      const v1 = versions.docs[0]!
      expect(v1.hash).toBe(createHash('sha256').update(v1.text).digest('hex'))
      // Before the code, nothing happens.
      expect(
        await checkout.acceptAgreement(payload, purchase, { name: 'Fay', accept: 'yes', version: String(v1.id) }),
      ).toBe('done')
      expect((await purchaseOf(purchase.id)).status).toBe('code-sent')
      await checkout.confirmCode(payload, purchase, code, NOW)
      const verified = await purchaseOf(purchase.id)
      expect(
        await checkout.acceptAgreement(payload, verified, { name: ' ', accept: 'yes', version: String(v1.id) }),
      ).toBe('name')
      expect(
        await checkout.acceptAgreement(payload, verified, {
          name: 'Fay Wray',
          accept: undefined,
          version: String(v1.id),
        }),
      ).toBe('tick')
      expect(
        await checkout.acceptAgreement(payload, verified, { name: 'Fay Wray', accept: 'yes', version: '999999' }),
      ).toBe('agreement-changed')
      expect((await purchaseOf(purchase.id)).status).toBe('verified')
      expect(
        await checkout.acceptAgreement(
          payload,
          verified,
          { name: ' Fay Wray ', accept: 'yes', version: String(v1.id) },
          LATER,
        ),
      ).toBe('done')
      const agreed = await purchaseOf(purchase.id)
      expect(agreed).toMatchObject({
        status: 'agreed',
        agreementVersion: v1.id,
        agreementHash: v1.hash,
        agreedName: 'Fay Wray',
        agreedAt: LATER.toISOString(),
        agreedEmail: 'fay@example.com',
      })
      const [copy] = await mailsAsSent(payload, { kind: { equals: 'agreement-copy' } })
      expect(copy).toMatchObject({
        to: 'fay@example.com',
        subject: expect.stringMatching(/^Your copy of the agreement: Coaching agreement \| /),
      })
      expect(copy!.text).toContain('typing the name "Fay Wray", from the e-mail address fay@example.com.')
      expect(copy!.text).toContain(`Version 1, SHA-256 ${v1.hash}.`)
      expect(copy!.text).toContain(v1.text)

      // Never changed: not by the site's own code, not through the API.
      await expectUnchangeable('purchases', purchase.id, { agreedName: 'Someone Else' })
      const patched = await restRequest(`/purchases/${purchase.id}`, {
        method: 'PATCH',
        token: adminToken,
        body: { agreedName: 'Someone Else' },
      })
      expect(patched.status).toBe(403)
      expect((await purchaseOf(purchase.id)).agreedName).toBe('Fay Wray')

      // A new text is a new version; the purchase still points at the one accepted.
      await payload.update({
        collection: 'agreements',
        id: agreementId,
        data: { text: `${v1.text}\n\nA new clause.` },
        overrideAccess: true,
      })
      const now = await payload.find({
        collection: 'agreement-versions',
        where: { agreement: { equals: agreementId } },
        sort: 'number',
        overrideAccess: true,
      })
      expect(now.docs.map((v) => v.number)).toEqual([1, 2])
      expect(now.docs[0]!.hash).toBe(v1.hash)
      expect(now.docs[1]!.hash).toBe(createHash('sha256').update(`${v1.text}\n\nA new clause.`).digest('hex'))
      expect((await purchaseOf(purchase.id)).agreementVersion).toBe(v1.id)
      await expectUnchangeable('agreement-versions', v1.id, { text: 'changed' })
      // Saving without a change of text makes no version.
      await payload.update({ collection: 'agreements', id: agreementId, data: {}, overrideAccess: true })
      expect(await countOf(payload, 'agreement-versions', { agreement: { equals: agreementId } })).toBe(2)
    })

    it('the intake: a required answer is needed and a choice must be one of the choices; then the payment details are shown and mailed', async () => {
      const { purchase, code } = await start('gus@example.com')
      await checkout.confirmCode(payload, purchase, code, NOW)
      const version = (
        await payload.find({ collection: 'agreement-versions', sort: '-number', limit: 1, overrideAccess: true })
      ).docs[0]!
      await checkout.acceptAgreement(payload, await purchaseOf(purchase.id), {
        name: 'Gus',
        accept: 'yes',
        version: String(version.id),
      })
      const agreed = await purchaseOf(purchase.id)
      expect(await checkout.answerIntake(payload, agreed, { q0: '  ', q1: 'A book' })).toEqual({
        problem: 'intake',
        fields: [{ index: 0, fault: 'missing' }],
      })
      expect(await checkout.answerIntake(payload, agreed, { q0: 'Focus', q1: 'Television' })).toEqual({
        problem: 'intake',
        fields: [{ index: 1, fault: 'choice' }],
      })
      expect((await purchaseOf(purchase.id)).status).toBe('agreed')
      expect(await checkout.answerIntake(payload, agreed, { q0: ' Focus ' }, LATER)).toBe('done')
      const awaiting = await purchaseOf(purchase.id)
      expect(awaiting).toMatchObject({ status: 'awaiting-payment', paymentMethod: 'bank-transfer' })
      expect(awaiting.intakeAnswers).toEqual([
        { question: 'What would you like to work on?', answer: 'Focus' },
        { question: 'How did you hear about me?', answer: '' },
      ])
      const [mail] = await mailsAsSent(payload, { kind: { equals: 'payment-details' } })
      expect(mail).toMatchObject({
        to: 'gus@example.com',
        subject: expect.stringMatching(/^How to pay for the Starter Session \| /),
      })
      expect(mail!.text).toContain('Please pay $150 for the Starter Session by bank transfer:')
      expect(mail!.text).toContain('IBAN or account number: GB00 EXMP 0000 0000 0000 00')
      expect(mail!.text).toContain(`Reference: ${awaiting.reference}`)
    })

    it('mark paid: admins only; it opens the credits once however often it is pressed, and mails the client their page once', async () => {
      const purchase = await awaitingPayment('hal@example.com')
      const path = `/purchases/${purchase.id}/mark-paid`
      expect((await restRequest(path, { method: 'POST' })).status).toBe(401)
      const asEditor = await restRequest(path, { method: 'POST', token: editorToken })
      expect(asEditor.status).toBe(403)
      expect(await asEditor.json()).toEqual({ errors: [{ message: 'Only an admin can mark a payment received.' }] })
      expect(await countOf(payload, 'credit-entries', { email: { equals: 'hal@example.com' } })).toBe(0)

      const [one, two] = await Promise.all([
        restRequest(path, { method: 'POST', token: adminToken }),
        restRequest(path, { method: 'POST', token: adminToken }),
      ])
      const three = await restRequest(path, { method: 'POST', token: adminToken })
      const bodies = (await Promise.all([one, two, three].map((r) => r.json()))) as { opened: boolean }[]
      expect([one, two, three].map((r) => r.status)).toEqual([200, 200, 200])
      expect(bodies.map((b) => b.opened).sort()).toEqual([false, false, true])

      const entries = await payload.find({
        collection: 'credit-entries',
        where: { email: { equals: 'hal@example.com' } },
        overrideAccess: true,
      })
      expect(entries.docs.map((e) => [e.type, e.key, e.purchase])).toEqual([
        ['purchase-opened', `bank-transfer:${purchase.id}`, String(purchase.id)],
      ])
      const stored = await purchaseOf(purchase.id)
      expect(stored.status).toBe('paid')
      expect(entries.docs[0]!.entry).toMatchObject({
        credits: 1,
        amount: 15000,
        at: new Date(stored.paidAt!).getTime(),
        validUntil: new Date(stored.paidAt!).getTime() + 90 * DAY,
      })
      const { creditBalance } = await import('@/features/packages/ledger')
      expect(await creditBalance(payload, 'hal@example.com')).toMatchObject({ bought: 1, left: 1, used: 0, held: 0 })

      const mails = await mailsAsSent(payload, { kind: { equals: 'credits-open' } })
      expect(mails).toHaveLength(1)
      expect(mails[0]).toMatchObject({
        to: 'hal@example.com',
        subject: expect.stringMatching(/^Your sessions are ready: Starter Session \| /),
      })
      expect(mails[0]!.text).toContain(
        `Your payment of $150 for the Starter Session (reference ${stored.reference}) has arrived.`,
      )
      // The press that opened the credits sent the mail at once (the outbox then keeps its link no more): the
      // client's link as the SMTP peer received it, in the one mail they got.
      const ready = () => site.smtp.mails.filter((m) => m.subject?.startsWith('Your sessions are ready'))
      await expect.poll(() => ready().length).toBe(1)
      expect(ready()[0]!.to?.map((t) => t.address)).toEqual(['hal@example.com'])
      const link = /\/client\/([\w-]{43})/.exec(ready()[0]!.text ?? '')![1]!
      expect(link).toBe(tokens.clientToken('hal@example.com'))
      expect(tokens.clientKeyOfToken(link)).toBe(stored.clientKey)
    })

    it('mark paid refuses a purchase whose buyer has not finished checkout, and one that does not exist', async () => {
      const { purchase } = await start('ivy@example.com')
      const early = await restRequest(`/purchases/${purchase.id}/mark-paid`, { method: 'POST', token: adminToken })
      expect(early.status).toBe(409)
      expect(await early.json()).toEqual({
        errors: [{ message: 'This purchase is not waiting for a payment: the buyer has not finished checkout.' }],
      })
      expect((await purchaseOf(purchase.id)).status).toBe('code-sent')
      expect((await restRequest('/purchases/99999999/mark-paid', { method: 'POST', token: adminToken })).status).toBe(
        404,
      )
    })

    it('openCredits is idempotent by key: the same purchase opened twice under its key is one entry', async () => {
      const purchase = await awaitingPayment('jo@example.com')
      const [admin1] = (
        await payload.find({ collection: 'users', where: { role: { equals: 'admin' } }, overrideAccess: true })
      ).docs
      expect((await paid.markPaid(payload, purchase.id, admin1!)).status).toBe('opened')
      const stored = await purchaseOf(purchase.id)
      expect((await paid.openCredits(payload, stored, { key: paid.bankTransferKey(purchase.id) })).status).toBe(
        'duplicate',
      )
      expect(await countOf(payload, 'credit-entries', { email: { equals: 'jo@example.com' } })).toBe(1)
    })

    it('Today tells admins how many purchases await a bank transfer, and editors nothing', async () => {
      const { readToday } = await import('@/features/today/today')
      const users = await payload.find({ collection: 'users', depth: 0, overrideAccess: true, pagination: false })
      const asAdmin = users.docs.find((u) => u.email === admin.email)!
      const asEditor = users.docs.find((u) => u.email === editor.email)!
      const waiting = await countOf(payload, 'purchases', { status: { equals: 'awaiting-payment' } })
      await awaitingPayment('lee@example.com')
      const line = (await readToday(payload, { ...asAdmin, collection: 'users' })).lines.find((l) =>
        l.text.endsWith('awaiting a bank transfer.'),
      )
      expect(line).toEqual({
        text: `${waiting + 1} ${waiting + 1 === 1 ? 'purchase' : 'purchases'} awaiting a bank transfer.`,
        href: '/admin/collections/purchases?where%5Bstatus%5D%5Bequals%5D=awaiting-payment',
        link: 'See the purchases',
      })
      const forEditor = await readToday(payload, { ...asEditor, collection: 'users' })
      expect(forEditor.lines.some((l) => l.text.includes('awaiting a bank transfer'))).toBe(false)
    })

    it('purchases are read by admins only and written by nobody through the API', async () => {
      const purchase = await awaitingPayment('kim@example.com')
      expect((await restRequest('/purchases', { token: editorToken })).status).toBe(403)
      const asAdmin = await restRequest('/purchases', { token: adminToken })
      expect(asAdmin.status).toBe(200)
      const listed = (await asAdmin.json()) as { docs: Record<string, unknown>[] }
      expect(listed.docs.some((d) => d.id === purchase.id)).toBe(true)
      expect(listed.docs.every((d) => !('codeHash' in d) && !('clientKey' in d))).toBe(true)
      expect(
        (
          await restRequest(`/purchases/${purchase.id}`, {
            method: 'PATCH',
            token: adminToken,
            body: { status: 'paid' },
          })
        ).status,
      ).toBe(403)
      expect((await restRequest(`/purchases/${purchase.id}`, { method: 'DELETE', token: adminToken })).status).toBe(403)
      expect(
        (await restRequest('/purchases', { method: 'POST', token: adminToken, body: { email: 'x@example.com' } }))
          .status,
      ).toBe(403)
      expect((await purchaseOf(purchase.id)).status).toBe('awaiting-payment')
    })
  })
}
