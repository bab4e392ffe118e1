import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { SmtpPeer } from '../../../scripts/lib/smtp-peer'
import type { User } from '@/payload-types'
import type { TestDatabase } from '../../support/database'
import { restRequest } from '../../support/rest'
import { newsletterSite } from './newsletter-site'

type Endpoints = typeof import('@/features/newsletter/issue-endpoints')
type Unsubscribe = typeof import('@/features/newsletter/form')

const SITE = 'http://localhost:3000'

/**
 * The coach's buttons on an issue over HTTP (src/features/newsletter/issue-endpoints.ts): each handler called
 * with a real Request, as Payload hands it over, by a real account, on a real database, with the sender and
 * the outbox sending to a real SMTP peer on loopback.
 */
export function issueEndpointsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`the newsletter's buttons on ${label}`, () => {
    let payload: Payload
    let smtp: SmtpPeer
    let endpoints: Endpoints
    let form: Unsubscribe
    let coach: User
    const { site, subscribers, anIssue } = newsletterSite(setup)

    beforeAll(async () => {
      ;({ payload, smtp } = site)
      endpoints = await import('@/features/newsletter/issue-endpoints')
      form = await import('@/features/newsletter/form')
      coach = await payload.create({
        collection: 'users',
        data: {
          email: `coach.buttons@${label.toLowerCase()}.example`,
          password: 'a fine long passphrase',
          role: 'editor',
        },
      })
    })

    type Call = {
      method?: 'GET' | 'POST'
      body?: object
      as?: 'coach' | 'nobody'
      headers?: Record<string, string>
      query?: string
    }
    /** Calls `/:id/<action>` as Payload would: a real Request, its route's id, the logged-in user (or none). */
    const call = async (id: number | string, action: string, o: Call = {}) => {
      const method = o.method ?? 'POST'
      const endpoint = endpoints.issueEndpoints.find(
        (e) => e.path === `/:id/${action}` && e.method === method.toLowerCase(),
      )
      expect(endpoint, `${method} /:id/${action}`).toBeDefined()
      const url = `${SITE}/cms-api/newsletters/${id}/${action}${o.query ?? ''}`
      const request = new Request(url, {
        method,
        headers: {
          host: 'localhost:3000',
          ...(method === 'POST' ? { origin: SITE, 'sec-fetch-site': 'same-origin' } : {}),
          ...(o.body ? { 'content-type': 'application/json' } : {}),
          ...o.headers,
        },
        body: o.body ? JSON.stringify(o.body) : undefined,
      })
      const req = Object.assign(request, {
        payload,
        user: o.as === 'nobody' ? null : { ...coach, collection: 'users' },
        routeParams: { id: String(id) },
        searchParams: new URL(url).searchParams,
        context: {},
      })
      const res = (await endpoint!.handler(req as never)) as Response
      return res
    }
    const message = async (res: Response) => {
      const body = (await res.json()) as { message?: string; errors?: { message: string }[] }
      return body.message ?? body.errors?.[0]?.message
    }
    const progressOf = async (id: number) =>
      (await (await call(id, 'progress', { method: 'GET' })).json()) as {
        status: string
        notice: string | null
        timeZone: string
        confirmedSubscribers: number
        progress: Record<string, number>
      }
    const until = async (id: number, status: string) => {
      await expect.poll(async () => (await progressOf(id)).status, { timeout: 15_000, interval: 50 }).toBe(status)
    }

    it('answers only a logged-in user, refuses posts from another site, and 404 for an issue that is not there', async () => {
      const issue = await anIssue()
      for (const action of ['send', 'schedule', 'unschedule', 'pause', 'resume', 'cancel', 'retry-failed', 'test']) {
        expect((await call(issue.id, action, { as: 'nobody' })).status, action).toBe(401)
        expect((await call(issue.id, action, { headers: { 'sec-fetch-site': 'cross-site' } })).status, action).toBe(403)
        expect((await call(issue.id, action, { headers: { origin: 'https://evil.example' } })).status, action).toBe(403)
      }
      for (const action of ['progress', 'preview', 'deliveries.csv']) {
        expect((await call(issue.id, action, { method: 'GET', as: 'nobody' })).status, action).toBe(401)
        expect((await call(999999, action, { method: 'GET' })).status, action).toBe(404)
      }
      expect((await call(999999, 'send')).status).toBe(404)
      expect((await call('1 or 1=1', 'send')).status).toBe(404)
      expect((await payload.findByID({ collection: 'newsletters', id: issue.id })).status).toBe('draft')
    })

    it('sends now to the confirmed subscribers, with the progress and the deliveries as CSV', async () => {
      const confirmed = await subscribers(3, 'confirmed')
      await subscribers(2, 'pending')
      const issue = await anIssue()
      // Before sending, the panel learns whom "Send now" would reach: the 3 confirmed subscribers, not the 2 pending.
      expect((await progressOf(issue.id)).confirmedSubscribers).toBe(3)
      const sent = await call(issue.id, 'send')
      expect([sent.status, await message(sent)]).toEqual([200, 'Sending has started.'])
      await until(issue.id, 'sent')
      const done = await progressOf(issue.id)
      expect(done.progress).toMatchObject({ total: 3, sent: 3, failed: 0, deferred: 0, uncertain: 0 })
      // The coach's zone, in which the panel shows its times: UTC, as no COACH_TIME_ZONE is set here.
      expect(done.timeZone).toBe('UTC')
      expect(smtp.mails.map((m) => m.to?.[0]?.address).sort()).toEqual([...confirmed].sort())

      const again = await call(issue.id, 'send')
      expect([again.status, await message(again)]).toEqual([
        409,
        'Only a draft, a scheduled issue or one waiting after a missed time can be sent now.',
      ])
      const resume = await call(issue.id, 'resume')
      expect([resume.status, await message(resume)]).toEqual([409, 'Only a paused issue can be resumed.'])
      const retry = await call(issue.id, 'retry-failed')
      expect(retry.status).toBe(409)

      const csv = await call(issue.id, 'deliveries.csv', { method: 'GET' })
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      const lines = (await csv.text()).trim().split('\r\n')
      expect(lines[0]).toBe('"email","status","attempts","sentAt","reason"')
      expect(lines).toHaveLength(4)
      expect(
        lines
          .slice(1)
          .map((l) => l.split(',')[0])
          .sort(),
      ).toEqual(confirmed.map((e) => `"${e}"`).sort())
      expect(lines[1]).toMatch(/^"[^"]+","sent","1","\d{4}-/)
    })

    it('schedules in the future only, unschedules, and cancels; each in the states it applies to', async () => {
      const issue = await anIssue()
      const past = await call(issue.id, 'schedule', { body: { at: new Date(Date.now() - 60_000).toISOString() } })
      expect([past.status, await message(past)]).toEqual([
        422,
        'That time has already passed. Please choose a time in the future, or send the issue now.',
      ])
      expect((await call(issue.id, 'schedule', { body: { at: 'tomorrow-ish' } })).status).toBe(422)
      expect((await call(issue.id, 'schedule', { body: {} })).status).toBe(422)
      const at = new Date(Date.now() + 86_400_000)
      expect((await call(issue.id, 'schedule', { body: { at: at.toISOString() } })).status).toBe(200)
      let read = await payload.findByID({ collection: 'newsletters', id: issue.id })
      expect(read.status).toBe('scheduled')
      expect(new Date(read.scheduledAt!).getTime()).toBe(at.getTime())
      expect((await call(issue.id, 'pause')).status).toBe(409)
      expect((await call(issue.id, 'unschedule')).status).toBe(200)
      read = await payload.findByID({ collection: 'newsletters', id: issue.id })
      expect([read.status, read.scheduledAt ?? null]).toEqual(['draft', null])
      const again = await call(issue.id, 'unschedule')
      expect([again.status, await message(again)]).toEqual([
        409,
        'Only a scheduled issue (or one waiting after a missed time) can be unscheduled.',
      ])
      expect((await call(issue.id, 'cancel')).status).toBe(200)
      expect((await progressOf(issue.id)).status).toBe('cancelled')
      const twice = await call(issue.id, 'cancel')
      expect([twice.status, await message(twice)]).toEqual([
        409,
        'This issue has been sent or cancelled already: there is nothing left to cancel.',
      ])
      expect((await call(issue.id, 'schedule', { body: { at: at.toISOString() } })).status).toBe(409)
    })

    it('pauses and resumes an issue being sent, and tries failed mail again', async () => {
      const confirmed = await subscribers(2, 'confirmed')
      const issue = await anIssue()
      // Started without a kick of the sender (as a pass that has not come yet), so it can be paused first.
      const { sendNow } = await import('@/features/newsletter/issue-actions')
      expect(await sendNow(payload, issue.id)).toBe(true)
      const paused = await call(issue.id, 'pause')
      expect([paused.status, await message(paused)]).toEqual([200, 'Paused. No more mail goes out until you resume.'])
      expect(await progressOf(issue.id)).toMatchObject({ status: 'paused', notice: 'Paused by you.' })
      expect((await call(issue.id, 'pause')).status).toBe(409)
      expect((await call(issue.id, 'resume')).status).toBe(200)
      await until(issue.id, 'sent')
      expect(smtp.mails).toHaveLength(2)

      // A mail that failed for good is queued again by the button, and goes out once more.
      await payload.db.updateMany({
        collection: 'newsletter-deliveries',
        where: { email: { equals: confirmed[0] } },
        data: { status: 'failed', reason: '451 Try later' },
      })
      expect((await progressOf(issue.id)).progress).toMatchObject({ sent: 1, failed: 1 })
      const retried = await call(issue.id, 'retry-failed')
      expect([retried.status, await message(retried)]).toEqual([200, 'One failed mail is being tried again.'])
      await until(issue.id, 'sent')
      expect((await progressOf(issue.id)).progress).toMatchObject({ sent: 2, failed: 0 })
      expect(smtp.mails.filter((m) => m.to?.[0]?.address === confirmed[0])).toHaveLength(2)
    })

    it('sends one test to the logged-in user, whose unsubscribe links unsubscribe nobody', async () => {
      const [reader] = await subscribers(1, 'confirmed')
      const issue = await anIssue('Spring letter')
      const res = await call(issue.id, 'test')
      expect([res.status, await message(res)]).toEqual([202, `A test was sent to ${coach.email}.`])
      await expect.poll(() => smtp.mails.length, { timeout: 10_000, interval: 50 }).toBe(1)
      const mail = smtp.mails[0]!
      expect(mail.to?.[0]?.address).toBe(coach.email)
      expect(mail.subject).toBe('[Test] Spring letter')
      expect(mail.html).toContain('A second paragraph.')
      const header = (key: string) => mail.headers.find((h) => h.key === key)?.value as string | undefined
      const oneClick = /[?&]token=([\w-]+)>$/.exec(header('list-unsubscribe') ?? '')?.[1]
      const page = /\/newsletter\/unsubscribe\/([\w-]+)/.exec(mail.text ?? '')?.[1]
      expect(oneClick).toMatch(/^[\w-]{43}$/)
      expect(page).toBe(oneClick)
      expect(await form.unsubscribe(payload, oneClick!)).toBe('invalid')
      const sub = await payload.find({ collection: 'subscribers', where: { email: { equals: reader } } })
      expect(sub.docs[0]?.status).toBe('confirmed')
      // Only the test: the issue itself is still a draft, and nobody else got anything.
      expect((await progressOf(issue.id)).status).toBe('draft')
      expect((await progressOf(issue.id)).progress.total).toBe(0)
    })

    it('previews the mail as HTML for a frame of the admin, and as plain text', async () => {
      const issue = await anIssue('Preview letter')
      const html = await call(issue.id, 'preview', { method: 'GET', query: '?part=html' })
      expect(html.status).toBe(200)
      expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(html.headers.get('content-security-policy')).toBe(
        "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
      )
      expect(html.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      const page = await html.text()
      expect(page).toContain('<title>Preview letter</title>')
      expect(page).toContain('Hello, reader.')
      expect(page).toMatch(/\/newsletter\/unsubscribe\/[\w-]{43}/)
      const text = await call(issue.id, 'preview', { method: 'GET', query: '?part=text' })
      expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      const body = await text.text()
      expect(body).toContain('A second paragraph.')
      expect(body).not.toContain('<')
    })

    describe('who may mail the list and read its deliveries, over the REST API', () => {
      let tokens: Record<'admin' | 'editor', string>
      beforeAll(async () => {
        const made = {} as Record<'admin' | 'editor', string>
        for (const role of ['admin', 'editor'] as const) {
          const account = {
            email: `${role}.list@${label.toLowerCase()}.example`,
            password: `a long ${role} passphrase`,
          }
          await payload.create({ collection: 'users', data: { ...account, role } })
          made[role] = (await payload.login({ collection: 'users', data: account })).token!
        }
        tokens = made
      })
      const allowEditors = (yes: boolean) =>
        payload.updateGlobal({ slug: 'newsletter-permissions', data: { editorsMaySend: yes } })
      type As = 'admin' | 'editor' | 'nobody'
      const rest = (path: string, as: As, method = 'GET', body?: unknown) =>
        restRequest(path, { method, token: as === 'nobody' ? null : tokens[as], body })
      const said = async (res: Response) => {
        const body = (await res.json()) as { message?: string; errors?: { message: string }[] }
        return [res.status, body.message ?? body.errors?.[0]?.message]
      }
      const refusal = (doing: string) =>
        `Only an admin can ${doing}, unless an admin lets editors do it (Newsletter → Editors and the newsletter).`

      it('lets admins send and download deliveries; editors only when an admin allows it; nobody anonymous', async () => {
        await allowEditors(false)
        const readers = await subscribers(2, 'confirmed')
        const issue = await anIssue()
        const base = `/newsletters/${issue.id}`

        expect(await said(await rest(`${base}/send`, 'nobody', 'POST'))).toEqual([401, 'Please log in.'])
        expect((await rest(`${base}/deliveries.csv`, 'nobody')).status).toBe(401)
        expect((await rest('/newsletter-deliveries', 'nobody')).status).toBe(403)
        // An editor the admin has not allowed: every path that mails the list, in any spelling, is refused.
        expect(await said(await rest(`${base}/send`, 'editor', 'POST'))).toEqual([
          403,
          refusal('send an issue to the subscribers'),
        ])
        expect((await rest(`${base}/SEND`, 'editor', 'POST')).status).toBe(403)
        expect(
          await said(await rest(`${base}/schedule`, 'editor', 'POST', { at: new Date(Date.now() + 86_400_000) })),
        ).toEqual([403, refusal('schedule an issue for the subscribers')])
        // Nor around the buttons: the status and the time it goes out are not fields a person writes.
        for (const change of [{ status: 'sending' }, { scheduledAt: new Date(Date.now() + 60_000).toISOString() }]) {
          const res = await rest(`/newsletters/${issue.id}`, 'editor', 'PATCH', change)
          const body = (await res.json()) as { errors: { data?: { errors: { path: string; message: string }[] } }[] }
          expect([res.status, body.errors[0]?.data?.errors]).toEqual([
            400,
            [
              {
                path: Object.keys(change)[0],
                message: 'Use the buttons to send, schedule, pause, resume or cancel an issue.',
              },
            ],
          ])
        }
        expect(await payload.findByID({ collection: 'newsletters', id: issue.id })).toMatchObject({
          status: 'draft',
          scheduledAt: null,
        })
        // Nor may an editor allow themselves.
        expect((await rest('/globals/newsletter-permissions', 'editor', 'POST', { editorsMaySend: true })).status).toBe(
          403,
        )
        expect((await payload.findGlobal({ slug: 'newsletter-permissions' })).editorsMaySend).toBe(false)

        expect(await said(await rest(`${base}/send`, 'admin', 'POST'))).toEqual([200, 'Sending has started.'])
        await until(issue.id, 'sent')
        expect(smtp.mails.map((m) => m.to?.[0]?.address).sort()).toEqual([...readers].sort())

        // The deliveries: the CSV and Payload's own API, each refused to the editor, given to the admin.
        expect(await said(await rest(`${base}/deliveries.csv`, 'editor'))).toEqual([
          403,
          refusal('download an issue’s deliveries'),
        ])
        const [row] = (
          await payload.find({ collection: 'newsletter-deliveries', where: { newsletter: { equals: issue.id } } })
        ).docs
        expect((await rest(`/newsletter-deliveries?where[newsletter][equals]=${issue.id}`, 'editor')).status).toBe(403)
        expect((await rest(`/newsletter-deliveries/${row!.id}`, 'editor')).status).toBe(403)
        for (const action of ['retry-failed', 'resend-uncertain', 'resume'])
          expect((await rest(`${base}/${action}`, 'editor', 'POST')).status, action).toBe(403)
        expect((await rest(`${base}/deliveries.csv`, 'admin')).status).toBe(200)
        const listed = (await (
          await rest(`/newsletter-deliveries?where[newsletter][equals]=${issue.id}`, 'admin')
        ).json()) as {
          totalDocs: number
        }
        expect(listed.totalDocs).toBe(2)

        // The admin allows editors: now the editor may too.
        expect((await rest('/globals/newsletter-permissions', 'admin', 'POST', { editorsMaySend: true })).status).toBe(
          200,
        )
        const csv = await rest(`${base}/deliveries.csv`, 'editor')
        expect(csv.status).toBe(200)
        expect((await csv.text()).trim().split('\r\n')).toHaveLength(3)
        expect((await rest(`/newsletter-deliveries/${row!.id}`, 'editor')).status).toBe(200)
        const next = await anIssue('Next letter')
        expect(await said(await rest(`/newsletters/${next.id}/send`, 'editor', 'POST'))).toEqual([
          200,
          'Sending has started.',
        ])
        await until(next.id, 'sent')
        expect(smtp.mails).toHaveLength(4)
        await allowEditors(false)
      })

      it('sends uncertain mail again only when the coach knowingly says so, all of it or one', async () => {
        const readers = await subscribers(3, 'confirmed')
        const issue = await anIssue()
        const base = `/newsletters/${issue.id}`
        expect((await rest(`${base}/send`, 'admin', 'POST')).status).toBe(200)
        await until(issue.id, 'sent')
        const rows = (
          await payload.find({ collection: 'newsletter-deliveries', where: { newsletter: { equals: issue.id } } })
        ).docs
        const row = (email: string) => rows.find((r) => r.email === email)!
        for (const email of readers.slice(0, 2))
          await payload.db.updateOne({
            collection: 'newsletter-deliveries',
            id: row(email).id,
            data: { status: 'uncertain' },
          })

        expect(await said(await rest(`${base}/resend-uncertain`, 'admin', 'POST', {}))).toEqual([
          409,
          'These 2 readers may already have this issue: their mail servers may have received it before the connection was cut. Send it to them again anyway?',
        ])
        expect(
          await said(
            await rest(`${base}/resend-uncertain`, 'admin', 'POST', { delivery: row(readers[2]!).id, knowingly: true }),
          ),
        ).toEqual([409, 'This mail is not uncertain: only an uncertain mail can be sent again this way.'])
        // One by one: the first reader only.
        expect(
          await said(await rest(`${base}/resend-uncertain`, 'admin', 'POST', { delivery: row(readers[0]!).id })),
        ).toEqual([
          409,
          'This reader may already have this issue: their mail server may have received it before the connection was cut. Send it to them again anyway?',
        ])
        expect(
          await said(
            await rest(`${base}/resend-uncertain`, 'admin', 'POST', { delivery: row(readers[0]!).id, knowingly: true }),
          ),
        ).toEqual([200, 'The mail is being sent again.'])
        await until(issue.id, 'sent')
        const copies = () => readers.map((r) => smtp.mails.filter((m) => m.to?.[0]?.address === r).length)
        expect(copies()).toEqual([2, 1, 1])
        // Then all that are left.
        expect(await said(await rest(`${base}/resend-uncertain`, 'admin', 'POST', { knowingly: true }))).toEqual([
          200,
          'The mail is being sent again.',
        ])
        await until(issue.id, 'sent')
        expect(copies()).toEqual([2, 2, 1])
        expect(await said(await rest(`${base}/resend-uncertain`, 'admin', 'POST', { knowingly: true }))).toEqual([
          409,
          'No mail of this issue is uncertain: there is nothing to send again.',
        ])
        expect((await progressOf(issue.id)).progress).toMatchObject({ total: 3, sent: 3, uncertain: 0 })
      })

      it('keeps a sent issue’s words as they went out: read-only in the admin, refused through the API', async () => {
        await subscribers(1, 'confirmed')
        const issue = await anIssue('As it went out')
        const draft = await anIssue('Still a draft')
        expect((await rest(`/newsletters/${issue.id}/send`, 'admin', 'POST')).status).toBe(200)
        await until(issue.id, 'sent')
        const sent = await payload.findByID({ collection: 'newsletters', id: issue.id })
        const message =
          'This issue has been sent (or is being sent): what it says can no longer change. To say something else, write a new issue.'
        for (const as of ['admin', 'editor'] as const) {
          for (const change of [
            { subject: 'Changed' },
            { preheader: 'Changed' },
            {
              body: sent.body
                ? { ...sent.body, root: { ...(sent.body as { root: object }).root, children: [] } }
                : null,
            },
          ]) {
            const res = await rest(`/newsletters/${issue.id}`, as, 'PATCH', change)
            const body = (await res.json()) as { errors: { data?: { errors: { path: string; message: string }[] } }[] }
            expect([res.status, body.errors?.[0]?.data?.errors], JSON.stringify(change)).toEqual([
              400,
              [{ path: Object.keys(change)[0], message }],
            ])
          }
        }
        const after = await payload.findByID({ collection: 'newsletters', id: issue.id })
        expect([after.subject, after.preheader ?? null, JSON.stringify(after.body)]).toEqual([
          'As it went out',
          sent.preheader ?? null,
          JSON.stringify(sent.body),
        ])
        // What is not its words can still change: whether it shows in the archive.
        expect((await rest(`/newsletters/${issue.id}`, 'admin', 'PATCH', { showInArchive: false })).status).toBe(200)
        // The admin shows the words read-only: Payload's permissions for this document say so, not for a draft.
        const access = async (id: number) =>
          (
            (await (await rest(`/newsletters/access/${id}`, 'admin', 'POST')).json()) as {
              fields: true | Record<string, true | Record<string, boolean>>
            }
          ).fields
        const ofSent = await access(issue.id)
        const ofDraft = await access(draft.id)
        // (`true`: every operation allowed, on every field or on one; else the ones allowed, here all but update.)
        expect(ofDraft).toBe(true)
        expect(ofSent).not.toBe(true)
        const sentFields = ofSent as Record<string, true | Record<string, boolean>>
        for (const field of ['subject', 'preheader', 'body', 'slug'])
          expect(sentFields[field], field).toEqual({ create: true, read: true })
        expect(sentFields.showInArchive).toBe(true)
        // And it reads as sent, with its progress.
        expect(await progressOf(issue.id)).toMatchObject({ status: 'sent', progress: { total: 1, sent: 1 } })
      })
    })
  })
}
