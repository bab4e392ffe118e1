import fs from 'node:fs/promises'
import path from 'node:path'
import { PassThrough, type Readable } from 'node:stream'

import nodemailer from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer'
import type SMTPPool from 'nodemailer/lib/smtp-pool'

import { dataDir } from '@/platform/data-dir'

/** A file sent with a mail, e.g. an .ics invite (text content, sent as UTF-8). */
export type MailAttachment = { filename: string; contentType: string; content: string }

export type OutgoingMail = {
  from: string
  to: string
  replyTo?: string | null
  subject: string
  /** Always present: the plain-text version every mail client can show. */
  text: string
  /** Optional HTML alternative of the same content. */
  html?: string | null
  headers?: Record<string, string>
  attachments?: MailAttachment[]
  /**
   * A calendar invite (iCalendar text with METHOD:REQUEST or CANCEL) sent as the mail's text/calendar
   * alternative, which is what makes mail clients show "Add to calendar" or remove a cancelled event.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string } | null
  /** A Message-ID of the sender's own (e.g. one that stays the same when a newsletter mail is tried again). */
  messageId?: string
}

/**
 * `beforeData`, when given, runs (and is awaited) before any of the mail's content leaves for the server: over
 * SMTP, once the server has taken the envelope and DATA and before the message itself is written, so a server
 * can only have accepted a mail (which needs its content and the final dot) after `beforeData` resolved. If it
 * throws, the content is never written and the server cannot accept the mail. (Only the newsletter's bulk
 * transport waits for it this precisely; the others call it before they start.)
 */
export type SendHooks = { beforeData?: () => Promise<void> }

export type MailTransport = { send: (mail: OutgoingMail, hooks?: SendHooks) => Promise<{ messageId: string }> }

let cached: { url: string | undefined; transport: MailTransport } | undefined

/**
 * SMTP_URL (e.g. smtp://user:pass@host:587) sends through that server. Unset, every mail is written to
 * data/outbox/*.eml instead, so a first run works without a mail server and the coach can open the files.
 */
export function mailTransport(): MailTransport {
  const url = process.env.SMTP_URL || undefined
  if (cached && cached.url === url) return cached.transport
  const transport = createMailTransport(url)
  cached = { url, transport }
  return transport
}

export const createMailTransport = (smtpUrl?: string): MailTransport =>
  smtpUrl ? smtpTransport(smtpUrl) : fileTransport(path.join(dataDir(), 'outbox'))

let bulk: { url: string | undefined; transport: MailTransport } | undefined

/**
 * The newsletter's own connections to the same server (or files, without SMTP_URL): an issue going out to
 * thousands does not hold up a visitor's confirmation or a call's invite. One connection per mail (the sender
 * runs a few at once), not nodemailer's pool: the pool reports a server's "421 try later" as a connection
 * lost while sending, which would leave that reader uncertain instead of tried again. Without it each error
 * says what the server answered (see src/features/newsletter/smtp-outcome.ts).
 */
export function bulkMailTransport(): MailTransport {
  const url = process.env.SMTP_URL || undefined
  if (bulk && bulk.url === url) return bulk.transport
  const transport = url ? smtpTransport(url, { pool: false }) : fileTransport(path.join(dataDir(), 'outbox'))
  bulk = { url, transport }
  return transport
}

const nodemailerMessage = (mail: OutgoingMail): Mail.Options => ({
  from: mail.from,
  to: mail.to,
  replyTo: mail.replyTo ?? undefined,
  subject: mail.subject,
  text: mail.text,
  html: mail.html ?? undefined,
  headers: mail.headers,
  attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  icalEvent: mail.calendar ? { method: mail.calendar.method, content: mail.calendar.content } : undefined,
  messageId: mail.messageId,
})

/**
 * SMTP through a pool of a few reused connections. The options go in one object with the address (`url`):
 * given as createTransport's second argument they would be taken as defaults for every message, and the
 * transport would open a new connection per mail with nodemailer's default timeouts of minutes.
 * A mail whose connection closes while it is being sent is not handed to another connection by the pool
 * (`maxRequeues: 0`): the server may already have it. The outbox retries it later; the newsletter marks it
 * uncertain instead of sending a second copy.
 */
function smtpTransport(url: string, { pool = true }: { pool?: boolean } = {}): MailTransport {
  const smtp = nodemailer.createTransport({
    url,
    pool,
    maxConnections: 3,
    maxRequeues: 0,
    // Fail fast so one unreachable server does not hold the worker; the outbox retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as SMTPPool.Options & { url: string })
  smtp.use('stream', holdContentUntilBeforeData)
  return {
    send: async (mail, hooks) => {
      const info = await smtp.sendMail({
        ...nodemailerMessage(mail),
        ...(hooks?.beforeData ? { [BEFORE_DATA]: hooks.beforeData } : {}),
      })
      return { messageId: info.messageId }
    },
  }
}

const BEFORE_DATA = 'siteBeforeData'

/**
 * A nodemailer plugin ('stream' step: the message is compiled, not yet sent). nodemailer's SMTP connection
 * pipes the message stream into the socket only once the server answered DATA (smtp-connection `send`); the
 * stream given here lets content through only after the mail's `beforeData` resolved, and fails the send
 * without any content when it throws.
 */
function holdContentUntilBeforeData(mail: { data: object; message: unknown }, done: (err?: Error | null) => void) {
  const beforeData = (mail.data as Record<string, unknown>)[BEFORE_DATA] as (() => Promise<void>) | undefined
  if (!beforeData) return done()
  const message = mail.message as { createReadStream: (...args: unknown[]) => Readable }
  const create = message.createReadStream.bind(message)
  message.createReadStream = (...args: unknown[]) => {
    const content = create(...args)
    const held = new PassThrough()
    let asked = false
    const pipe = held.pipe.bind(held)
    held.pipe = (<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
      if (!asked) {
        asked = true
        beforeData().then(
          () => content.pipe(held),
          (error: unknown) => held.destroy(error instanceof Error ? error : new Error(String(error))),
        )
      }
      return pipe(destination, options)
    }) as typeof held.pipe
    content.on('error', (error) => held.destroy(error))
    return held
  }
  done()
}

function fileTransport(folder: string): MailTransport {
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    send: async (mail, hooks) => {
      await hooks?.beforeData?.()
      const info = await stream.sendMail(nodemailerMessage(mail))
      // Mail holds personal data and live links: the folder and files are the server account's only.
      await fs.mkdir(folder, { recursive: true, mode: 0o700 })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`
      await fs.writeFile(path.join(folder, name), info.message as Buffer, { mode: 0o600 })
      return { messageId: info.messageId }
    },
  }
}
