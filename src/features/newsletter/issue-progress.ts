import { TZDate } from '@date-fns/tz'

/** What the progress endpoint counts (./issue-actions.ts `issueProgress`). */
export type Progress = Record<'total' | 'sent' | 'queued' | 'deferred' | 'failed' | 'bounced' | 'uncertain', number>

const number = (n: number) => n.toLocaleString('en-GB')

/** "412 of 1,000 sent · 3 deferred · 1 failed · 0 uncertain" (and bounced, when any were). */
export function progressLine(p: Progress): string {
  const parts = [
    `${number(p.sent)} of ${number(p.total)} sent`,
    `${number(p.deferred)} deferred`,
    `${number(p.failed)} failed`,
    `${number(p.uncertain)} uncertain`,
  ]
  if (p.bounced) parts.push(`${number(p.bounced)} bounced`)
  return parts.join(' · ')
}

/** The question "Send now" asks first, naming whom the issue would reach. */
export function sendQuestion(confirmedSubscribers: number): string {
  if (confirmedSubscribers === 0) return 'Nobody has confirmed a subscription yet: send the issue to nobody now?'
  if (confirmedSubscribers === 1) return 'Send to the 1 confirmed subscriber now?'
  return `Send to all ${number(confirmedSubscribers)} confirmed subscribers now?`
}

/** The warning before uncertain mail is sent again (the endpoint refuses it unless this was answered yes). */
export function resendQuestion(uncertain: number): string {
  return uncertain === 1
    ? 'This reader may already have this issue: their mail server may have received it before the connection was cut. Send it to them again anyway?'
    : `These ${number(uncertain)} readers may already have this issue: their mail servers may have received it before the connection was cut. Send it to them again anyway?`
}

/** The value of a datetime-local input ("2026-12-03T14:00"), read in `timeZone`, as an instant; null if unreadable. */
export function instantIn(local: string, timeZone: string): null | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!m) return null
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number]
  return new Date(new TZDate(y, mo - 1, d, h, mi, timeZone).getTime()).toISOString()
}
