import fs from 'node:fs/promises'
import path from 'node:path'

import nodemailer from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'

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
}

export type MailTransport = { send: (mail: OutgoingMail) => Promise<{ messageId: string }> }

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
})

function smtpTransport(url: string): MailTransport {
  const smtp = nodemailer.createTransport(url, {
    // A few reused connections instead of one per mail.
    pool: true,
    maxConnections: 3,
    // Fail fast so one unreachable server does not hold the worker; the outbox retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as SMTPTransport.Options)
  return {
    send: async (mail) => {
      const info = await smtp.sendMail(nodemailerMessage(mail))
      return { messageId: info.messageId }
    },
  }
}

function fileTransport(folder: string): MailTransport {
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    send: async (mail) => {
      const info = await stream.sendMail(nodemailerMessage(mail))
      // Mail holds personal data and live links: the folder and files are the server account's only.
      await fs.mkdir(folder, { recursive: true, mode: 0o700 })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`
      await fs.writeFile(path.join(folder, name), info.message as Buffer, { mode: 0o600 })
      return { messageId: info.messageId }
    },
  }
}
