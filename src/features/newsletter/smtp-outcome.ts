/**
 * What a failed SMTP hand-over means for one newsletter mail, from the error nodemailer gives:
 * - the server answered 4xx (e.g. 421 or 454, "try later"): `deferred`, tried again later;
 * - it answered 5xx to the recipient (RCPT TO): `bounced`, the address is not mailed again;
 * - it answered 5xx to the sender, the login or the connection: `stop`, every mail would fail the same
 *   way, so the issue is paused with the server's words for the coach;
 * - any other 5xx (e.g. the content refused after DATA): `failed`, with the server's words;
 * - no answer, and the connection never opened (refused, unknown host, no route, login or TLS failed before
 *   any mail): `deferred`, nothing was handed over;
 * - no answer once the mail's content had begun to leave (`dataBegun`: the server took the envelope and DATA,
 *   cut or timed out after): `uncertain`, the server may have taken the mail before the cut and it is not
 *   sent again by itself;
 * - no answer before that (the connection cut during the greeting, the login or the envelope): `deferred`,
 *   the server cannot have accepted a mail whose content it never got.
 */
export type SmtpOutcome =
  | { kind: 'deferred'; reason: string; slowDown: boolean }
  | { kind: 'bounced'; reason: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'stop'; reason: string }
  | { kind: 'uncertain'; reason: string }

type SmtpError = {
  message?: string
  code?: string
  originalCode?: string
  responseCode?: number
  response?: string
  command?: string
}

/** Failures before a connection existed: the mail cannot have reached the server. */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
])
/** Failures of the session before any mail was given: nodemailer's own codes. */
const BEFORE_ANY_MAIL = new Set(['EAUTH', 'ETLS', 'EDNS', 'EENVELOPE', 'EREQUIRETLS'])

export const UNCERTAIN_REASON =
  'The connection was cut after the mail server had begun to receive this mail, so it may or may not have it. It is not sent again by itself: you can send it again from the issue, knowing the reader may already have it.'

export function smtpOutcome(error: unknown, dataBegun = true): SmtpOutcome {
  const e = (error ?? {}) as SmtpError
  const reason = (e.response || e.message || String(error)).slice(0, 2000)
  const code = e.responseCode
  const command = (e.command ?? '').toUpperCase()
  if (code && code >= 400 && code < 500)
    return { kind: 'deferred', reason, slowDown: code === 421 || code === 454 || code === 451 }
  if (code && code >= 500) {
    if (command.startsWith('RCPT')) return { kind: 'bounced', reason }
    if (command === 'DATA' || command === '') return { kind: 'failed', reason }
    return { kind: 'stop', reason }
  }
  if (e.code === 'EAUTH') return { kind: 'stop', reason }
  if (!dataBegun || NEVER_CONNECTED.has(e.originalCode ?? '') || BEFORE_ANY_MAIL.has(e.code ?? '')) {
    return { kind: 'deferred', reason, slowDown: true }
  }
  return { kind: 'uncertain', reason: `${UNCERTAIN_REASON} (${reason})` }
}
