import { randomBytes } from 'node:crypto'

import type { Endpoint, PayloadHandler, PayloadRequest } from 'payload'

import { readAvailability } from '@/features/booking/calls'
import type { Newsletter } from '@/payload-types'
import { toCsv } from '@/platform/csv'
import { attachment } from '@/platform/download'
import { crossSiteRefusal } from '@/platform/forms/cross-site'
import { enqueueMail } from '@/platform/mail/outbox'
import { mailSettings } from '@/platform/mail/settings'
import { kickOutbox } from '@/platform/mail/worker'
import {
  cancelIssue,
  issueProgress,
  pauseIssue,
  resendUncertain,
  resumeIssue,
  retryFailed,
  scheduleIssue,
  sendNow,
  unschedule,
} from './issue-actions'
import { resendQuestion } from './issue-progress'
import { issueContent, newsletterHeaders, unsubscribeLinks } from './mails'
import { listMailRefusal, mayMailTheList } from './permission'
import { kickNewsletterSender } from './sender-worker'

/*
 * The coach's buttons on an issue (./IssueActions.tsx), under /cms-api/newsletters/:id/…: for a logged-in
 * user only (401); those that mail the list (send, schedule, resume, retry, resend) or hand out its deliveries
 * (the CSV) for admins and the editors an admin allowed (403, ./permission.ts); posts refused from another site (403), 404 for an issue that is not there, 409 with a
 * sentence when the issue's state does not allow the action, 422 for a time in the past. Answers are JSON,
 * `{ message }` on success and `{ errors: [{ message }] }` otherwise, as Payload's own endpoints answer.
 */

const answer = (message: string, status = 200) => Response.json({ message }, { status })
const refuse = (message: string, status: number) => Response.json({ errors: [{ message }] }, { status })

/** A token of the real shape that is nobody's: the test mail's unsubscribe links lead nowhere. */
const nobodysToken = () => randomBytes(32).toString('base64url')

type Handler = (req: PayloadRequest, id: string) => Promise<Response>

/**
 * The checks every button shares, then `handler` with the issue's id. A button that mails the whole list or
 * hands out its deliveries names what it does (`mailsTheList`): only those who may (./permission.ts) get past.
 */
const guarded =
  (method: 'get' | 'post', handler: Handler, mailsTheList?: string): PayloadHandler =>
  async (req) => {
    if (!req.user) return refuse('Please log in.', 401)
    if (mailsTheList) {
      const refused = await listMailRefusal(req, mailsTheList)
      if (refused) return refused
    }
    if (method === 'post') {
      const refused = crossSiteRefusal(req as unknown as Request)
      if (refused) return refused
    }
    const id = String(req.routeParams?.id ?? '')
    if (!/^\d{1,12}$/.test(id)) return refuse('There is no such issue.', 404)
    try {
      return await handler(req, id)
    } catch (error) {
      console.error('A newsletter action failed:', error instanceof Error ? error.message : error)
      return refuse('That did not work. Please try again in a moment.', 503)
    }
  }

async function issueOf(req: PayloadRequest, id: string, depth = 0): Promise<Newsletter | null> {
  return (await req.payload.findByID({
    collection: 'newsletters',
    id,
    depth,
    disableErrors: true,
    overrideAccess: false,
    req,
  })) as Newsletter | null
}

const NO_ISSUE = () => refuse('There is no such issue.', 404)

/** An action that moves the issue: 404 without it, 409 with `notNow` when its state does not allow it. */
const action = (
  notNow: string,
  act: (req: PayloadRequest, id: string) => Promise<boolean>,
  done: string,
  mailsTheList?: string,
) =>
  guarded(
    'post',
    async (req, id) => {
      if (!(await issueOf(req, id))) return NO_ISSUE()
      return (await act(req, id)) ? answer(done) : refuse(notNow, 409)
    },
    mailsTheList,
  )

const kickSender = (req: PayloadRequest) => void kickNewsletterSender(req.payload)

/** An action after which the sender starts a pass at once, when it took effect (not at its next tick). */
const thenSend =
  (act: (payload: PayloadRequest['payload'], id: string) => Promise<boolean>) =>
  async (req: PayloadRequest, id: string) => {
    const done = await act(req.payload, id)
    if (done) kickSender(req)
    return done
  }

const send = action(
  'Only a draft, a scheduled issue or one waiting after a missed time can be sent now.',
  thenSend((payload, id) => sendNow(payload, id)),
  'Sending has started.',
  'send an issue to the subscribers',
)

const schedule = guarded(
  'post',
  async (req, id) => {
    const body = (await req.json?.().catch(() => null)) as { at?: unknown } | null
    const at = typeof body?.at === 'string' ? new Date(body.at) : null
    if (!at || Number.isNaN(at.getTime())) return refuse('Please choose a date and time to send the issue at.', 422)
    if (!(await issueOf(req, id))) return NO_ISSUE()
    const outcome = await scheduleIssue(req.payload, id, at)
    if (outcome === 'in-the-past')
      return refuse('That time has already passed. Please choose a time in the future, or send the issue now.', 422)
    if (outcome === 'not-now')
      return refuse('Only a draft, a scheduled issue or one waiting after a missed time can be scheduled.', 409)
    return answer('The issue is scheduled.')
  },
  'schedule an issue for the subscribers',
)

const unscheduleIt = action(
  'Only a scheduled issue (or one waiting after a missed time) can be unscheduled.',
  (req, id) => unschedule(req.payload, id),
  'The issue is a draft again: it will not be sent until you send or schedule it.',
)

const pause = action(
  'Only an issue being sent can be paused.',
  (req, id) => pauseIssue(req.payload, id),
  'Paused. No more mail goes out until you resume.',
)

const resume = action(
  'Only a paused issue can be resumed.',
  thenSend(resumeIssue),
  'Sending again.',
  'resume sending an issue to the subscribers',
)

const cancel = action(
  'This issue has been sent or cancelled already: there is nothing left to cancel.',
  (req, id) => cancelIssue(req.payload, id),
  'Cancelled. Nothing more of this issue goes out.',
)

const retry = guarded(
  'post',
  async (req, id) => {
    const issue = await issueOf(req, id)
    if (!issue) return NO_ISSUE()
    if (!['sent', 'sending', 'paused'].includes(issue.status))
      return refuse('Only an issue that has been sent (or is being sent) can have its failed mail tried again.', 409)
    const queued = await retryFailed(req.payload, id)
    if (queued === 0) return refuse('No mail of this issue failed: there is nothing to try again.', 409)
    kickSender(req)
    return answer(
      queued === 1 ? 'One failed mail is being tried again.' : `${queued} failed mails are being tried again.`,
    )
  },
  'send failed mail of an issue again',
)

/**
 * POST /:id/resend-uncertain `{ delivery?, knowingly: true }`: the uncertain mail of the issue (or that one
 * delivery) sent again. Without `knowingly` it is refused with the warning, so no client sends it unwarned.
 */
const resend = guarded(
  'post',
  async (req, id) => {
    const body = (await req.json?.().catch(() => null)) as { delivery?: unknown; knowingly?: unknown } | null
    const only = body?.delivery
    if (only !== undefined && !(typeof only === 'number' || (typeof only === 'string' && /^\d{1,12}$/.test(only))))
      return refuse('There is no such delivery.', 404)
    const issue = await issueOf(req, id)
    if (!issue) return NO_ISSUE()
    const { totalDocs: uncertain } = await req.payload.count({
      collection: 'newsletter-deliveries',
      where: {
        and: [
          { newsletter: { equals: id } },
          { status: { equals: 'uncertain' } },
          ...(only === undefined ? [] : [{ id: { equals: only } }]),
        ],
      },
    })
    if (uncertain === 0)
      return refuse(
        only === undefined
          ? 'No mail of this issue is uncertain: there is nothing to send again.'
          : 'This mail is not uncertain: only an uncertain mail can be sent again this way.',
        409,
      )
    if (body?.knowingly !== true) return refuse(resendQuestion(uncertain), 409)
    if (!['sent', 'sending', 'paused'].includes(issue.status))
      return refuse('Only an issue that has been sent (or is being sent) can have its mail sent again.', 409)
    const queued = await resendUncertain(req.payload, id, only as number | string | undefined)
    if (queued === 0) return refuse('No mail of this issue is uncertain: there is nothing to send again.', 409)
    kickSender(req)
    return answer(queued === 1 ? 'The mail is being sent again.' : `${queued} mails are being sent again.`)
  },
  'send uncertain mail of an issue again',
)

/** The issue's mail as a reader gets it, with unsubscribe links of the real shape that unsubscribe nobody. */
async function mailOf(req: PayloadRequest, issue: Newsletter, token: string) {
  const settings = await mailSettings(req.payload, req)
  const { renderIssueMail } = await import('./issue-mail')
  const content = await renderIssueMail({
    ...issueContent(issue, settings),
    unsubscribeUrl: unsubscribeLinks(settings, token).page,
  })
  return { settings, content }
}

const test = guarded('post', async (req, id) => {
  const issue = await issueOf(req, id, 1)
  if (!issue) return NO_ISSUE()
  const to = (req.user as { email?: string }).email
  if (!to) return refuse('Your account has no e-mail address to send the test to.', 409)
  const token = nobodysToken()
  const { settings, content } = await mailOf(req, issue, token)
  await enqueueMail(
    req.payload,
    {
      kind: 'newsletter-test',
      now: new Date(),
      reference: `newsletters:${id}`,
      mail: {
        from: settings.from,
        to,
        replyTo: settings.coachEmail,
        subject: `[Test] ${issue.subject}`,
        text: content.text,
        html: content.html,
        headers: newsletterHeaders(settings, token),
      },
    },
    req,
  )
  void kickOutbox(req.payload)
  return answer(`A test was sent to ${to}.`, 202)
})

const progress = guarded('get', async (req, id) => {
  const issue = await issueOf(req, id)
  if (!issue) return NO_ISSUE()
  const [counts, availability, confirmed, mayMail] = await Promise.all([
    issueProgress(req.payload, id),
    readAvailability(req.payload, req),
    // Whom "Send now" would reach, named in its confirmation: the confirmed subscribers at this moment.
    req.payload.count({ collection: 'subscribers', where: { status: { equals: 'confirmed' } }, overrideAccess: true }),
    // Whether this user's panel offers the buttons that mail the list and the deliveries (./permission.ts).
    mayMailTheList(req),
  ])
  return Response.json(
    {
      status: issue.status,
      notice: issue.notice ?? null,
      scheduledAt: issue.scheduledAt ?? null,
      recipients: issue.recipients ?? null,
      confirmedSubscribers: confirmed.totalDocs,
      timeZone: availability.timeZone,
      progress: counts,
      mayMailTheList: mayMail,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
})

/**
 * What the preview may load: the issue's images, its inline styles; no script, no form. It may be framed by
 * the site's own pages only: frame-ancestors, which browsers obey over the X-Frame-Options: DENY every answer
 * of the site carries (src/platform/server/serve.ts), and X-Frame-Options: SAMEORIGIN for the others.
 */
const PREVIEW_CSP = "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; frame-ancestors 'self'"

const preview = guarded('get', async (req, id) => {
  const issue = await issueOf(req, id, 1)
  if (!issue) return NO_ISSUE()
  const part = req.searchParams?.get('part') === 'text' ? 'text' : 'html'
  const { content } = await mailOf(req, issue, nobodysToken())
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }
  if (part === 'text')
    return new Response(content.text, { headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(content.html, {
    headers: {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PREVIEW_CSP,
      'X-Frame-Options': 'SAMEORIGIN',
    },
  })
})

const deliveriesCsv = guarded(
  'get',
  async (req, id) => {
    if (!(await issueOf(req, id))) return NO_ISSUE()
    const { docs } = await req.payload.find({
      collection: 'newsletter-deliveries',
      where: { newsletter: { equals: id } },
      sort: 'id',
      pagination: false,
      depth: 0,
      overrideAccess: false,
      req,
      select: { email: true, status: true, attempts: true, sentAt: true, reason: true },
    })
    const rows = docs.map((d) => ({
      email: d.email,
      status: d.status,
      attempts: d.attempts,
      sentAt: d.sentAt ?? '',
      reason: d.reason ?? '',
    }))
    const csv = rows.length ? toCsv(rows) : 'email,status,attempts,sentAt,reason\r\n'
    return attachment(csv, 'text/csv', `newsletter-${id}-deliveries.csv`)
  },
  'download an issue’s deliveries',
)

/** The Newsletters collection's endpoints (Payload mounts them under /cms-api/newsletters). */
export const issueEndpoints: Endpoint[] = [
  { path: '/:id/send', method: 'post', handler: send },
  { path: '/:id/schedule', method: 'post', handler: schedule },
  { path: '/:id/unschedule', method: 'post', handler: unscheduleIt },
  { path: '/:id/pause', method: 'post', handler: pause },
  { path: '/:id/resume', method: 'post', handler: resume },
  { path: '/:id/cancel', method: 'post', handler: cancel },
  { path: '/:id/retry-failed', method: 'post', handler: retry },
  { path: '/:id/resend-uncertain', method: 'post', handler: resend },
  { path: '/:id/test', method: 'post', handler: test },
  { path: '/:id/progress', method: 'get', handler: progress },
  { path: '/:id/preview', method: 'get', handler: preview },
  { path: '/:id/deliveries.csv', method: 'get', handler: deliveriesCsv },
]
