import fs from 'node:fs/promises'
import path from 'node:path'

import nodemailer from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'

import { dataDir } from '@/cms/data-dir'

export type OutgoingMail = {
  from: string
  to: string
  replyTo?: string | null
  subject: string
  text: string
  headers?: Record<string, string>
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
      const info = await smtp.sendMail({ ...mail, replyTo: mail.replyTo ?? undefined })
      return { messageId: info.messageId }
    },
  }
}

function fileTransport(folder: string): MailTransport {
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    send: async (mail) => {
      const info = await stream.sendMail({ ...mail, replyTo: mail.replyTo ?? undefined })
      await fs.mkdir(folder, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`
      await fs.writeFile(path.join(folder, name), info.message as Buffer)
      return { messageId: info.messageId }
    },
  }
}
