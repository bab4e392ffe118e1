/**
 * Reads the coach's bounce mailbox over IMAP (imapflow): each unread mail is classified (./bounce-report.ts)
 * and handed to the caller, then marked read (`\Seen`). The mail stays in the mailbox: reading is all the
 * site does to it. The mailbox should be one for bounces only, as every mail in it ends up marked read, a
 * reader's reply included.
 *
 * Delivery to the caller is at least once: a mail is marked read only after `onEvent` has returned, so a crash
 * or a lost connection in between hands the same mail over again on the next run. What `onEvent` does must
 * therefore be idempotent (a subscriber already stopped stays stopped; a bounce already recorded for a
 * delivery is not recorded twice).
 */
import { ImapFlow, type ImapFlowError } from 'imapflow'

import { actsOn, classifyReport, type BounceEvent } from './bounce-report'

export type BounceMailboxConfig = {
  host: string
  port: number
  /**
   * `true`: TLS from the start (imaps, port 993). `false`: STARTTLS, required (the password never crosses the
   * network in clear), except to a loopback address, where plain IMAP is allowed (a local server, the tests).
   */
  secure: boolean
  user: string
  pass: string
  /** Default INBOX. */
  mailbox?: string
}

export type BounceMailboxRun = {
  /** Unread mails read and classified in this run. */
  read: number
  /** Of those, the hard bounces and complaints (`actsOn`) whose `onEvent` succeeded. */
  acted: number
  /** Mails whose `onEvent` threw: left unread for the next run, with what was thrown (for the caller's log). */
  failures: { uid: number; error: unknown }[]
}

/** Mails read per run, oldest first; the rest wait for the next run (a first run on a full mailbox). */
export const MAX_MAILS_PER_RUN = 500

/**
 * Larger mails are classified by their header alone (an auto-reply still shows as one; a report that large is
 * `other`): reports are a few kilobytes plus the returned newsletter, and a reader's reply with photos should
 * not be held in memory on a small server.
 */
export const MAX_MAIL_BYTES = 2 * 1024 * 1024

/** Why a run of readBounceMailbox stopped, in words for the site's log; the error imapflow gave is the cause. */
export class BounceMailboxError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options)
    this.name = 'BounceMailboxError'
  }
}

/** imapflow's errors say "Command failed"; the server's own words and the error code say more. */
function reason(error: unknown): string {
  const e = error as ImapFlowError
  return e.responseText || e.code || e.message || String(error)
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i

/**
 * Reads the unread mail of the bounce mailbox and calls `onEvent` for every one, whatever its kind (auto-replies
 * and other mail included, so the caller can count them; `actsOn(event)` says which to act on), one at a time,
 * oldest first. A mail is marked `\Seen` once its `onEvent` has returned; when it throws, the mail stays unread
 * and the run goes on with the next (one mail the caller cannot handle must not hold up the others). A mail
 * mailparser cannot read at all is handed over as `other`, so it does not come back on every run.
 *
 * Rejects with a BounceMailboxError when the server cannot be reached, refuses the login or the mailbox, or the
 * connection drops (nothing is lost: what was not yet marked read comes again next time). `onEvent` should take
 * seconds at most: the connection is idle meanwhile, and after two minutes of that the run gives up.
 */
export async function readBounceMailbox(
  config: BounceMailboxConfig,
  onEvent: (event: BounceEvent) => Promise<void>,
): Promise<BounceMailboxRun> {
  const client = new ImapFlow({
    host: config.host,
    port: config.port,
    secure: config.secure,
    doSTARTTLS: config.secure ? undefined : !LOOPBACK.test(config.host),
    auth: { user: config.user, pass: config.pass },
    // imapflow logs through pino by default; the site has its own log (src/platform/log.ts), and a failure
    // reaches the caller as the rejection.
    logger: false,
    // The defaults (90 s to connect, 5 minutes of silence) suit a mail client, not a background job.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 120_000,
    // One command after another, then logout: nothing to wait for in IDLE.
    disableAutoIdle: true,
  })
  // A dropped connection is also emitted as 'error': without a listener it would end the process. The command
  // in flight rejects with it, which is how the caller hears of it.
  client.on('error', () => {})

  const run: BounceMailboxRun = { read: 0, acted: 0, failures: [] }
  const mailbox = config.mailbox ?? 'INBOX'
  try {
    await client.connect().catch((error: ImapFlowError) => {
      throw new BounceMailboxError(
        error.authenticationFailed
          ? `The bounce mailbox ${config.host} refused the user name or password (${reason(error)}).`
          : `The bounce mailbox ${config.host}:${config.port} could not be reached (${reason(error)}).`,
        { cause: error },
      )
    })
    const lock = await client.getMailboxLock(mailbox).catch((error: ImapFlowError) => {
      throw new BounceMailboxError(`The bounce mailbox has no folder "${mailbox}" it can open (${reason(error)}).`, {
        cause: error,
      })
    })
    try {
      const unseen = (await client.search({ seen: false }, { uid: true })) || []
      const uids = unseen.sort((a, b) => a - b).slice(0, MAX_MAILS_PER_RUN)
      if (uids.length === 0) return run
      // Sizes first, in one command: each mail is then fetched whole or by its header alone.
      const sizes = new Map<number, number>()
      for (const m of await client.fetchAll(uids.join(','), { uid: true, size: true }, { uid: true })) {
        sizes.set(m.uid, m.size ?? 0)
      }
      for (const uid of uids) {
        const size = sizes.get(uid)
        // Gone since the search (deleted by the coach's mail client).
        if (size === undefined) continue
        const whole = size <= MAX_MAIL_BYTES
        const message = await client.fetchOne(
          String(uid),
          whole ? { uid: true, source: true } : { uid: true, headers: true },
          { uid: true },
        )
        const raw = message && (whole ? message.source : message.headers)
        if (!raw) continue
        const event = await classifyReport(raw).catch((): BounceEvent => ({ kind: 'other', recipients: [] }))
        run.read++
        try {
          await onEvent(event)
        } catch (error) {
          run.failures.push({ uid, error })
          continue
        }
        if (!(await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true }))) {
          throw new BounceMailboxError(`The bounce mailbox refused to mark mail ${uid} as read.`, { cause: null })
        }
        if (actsOn(event)) run.acted++
      }
      return run
    } catch (error) {
      if (error instanceof BounceMailboxError) throw error
      throw new BounceMailboxError(`Reading the bounce mailbox failed (${reason(error)}).`, { cause: error })
    } finally {
      lock.release()
    }
  } finally {
    // logout() says goodbye to a server still there; close() ends a connection that already failed.
    if (client.usable) await client.logout().catch(() => client.close())
    else client.close()
  }
}

/**
 * The bounce mailbox from an address such as `BOUNCE_IMAP_URL`: `imaps://user:password@host:993/INBOX` (TLS;
 * port 993 when left out) or `imap://…` (STARTTLS, port 143), the mailbox INBOX when the path is empty. The
 * user name and password are percent-encoded where they hold `@`, `:` or `/` (`%40`, `%3A`, `%2F`), though an
 * `@` in the user name also works as it is. Throws a message naming what is wrong, never the password.
 */
export function bounceMailboxFromUrl(value: string): BounceMailboxConfig {
  const expected = 'expected imaps://user:password@host:993/INBOX'
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new Error(`The bounce mailbox address is not a valid address: ${expected}`)
  }
  const secure = url.protocol === 'imaps:'
  if (!secure && url.protocol !== 'imap:') {
    throw new Error(`The bounce mailbox address starts with ${url.protocol}//, not imaps:// or imap://: ${expected}`)
  }
  if (!url.hostname) throw new Error(`The bounce mailbox address has no host: ${expected}`)
  if (!url.username || !url.password) {
    throw new Error(`The bounce mailbox address needs a user name and a password: ${expected}`)
  }
  if (url.search || url.hash || url.pathname.includes(';')) {
    throw new Error(`The bounce mailbox address may name a mailbox, nothing more (no ;, ? or #): ${expected}`)
  }
  const decode = (part: string, what: string) => {
    try {
      return decodeURIComponent(part)
    } catch {
      throw new Error(`The bounce mailbox address's ${what} has a broken percent-encoding: ${expected}`)
    }
  }
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    user: decode(url.username, 'user name'),
    pass: decode(url.password, 'password'),
    mailbox: decode(url.pathname.replace(/^\/|\/$/g, ''), 'mailbox') || 'INBOX',
  }
}
