/**
 * The bounce mailbox read from a real IMAP server: Debian's Dovecot, started privately for this file
 * (tests/support/imap-server.ts), with the report fixtures of tests/fixtures/bounces delivered to it.
 * No database: what the newsletter does with each event is the caller's.
 */
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MAX_MAIL_BYTES, readBounceMailbox, type BounceMailboxConfig } from '@/features/newsletter/bounce-mailbox'
import { actsOn, classifyReport, type BounceEvent } from '@/features/newsletter/bounce-report'

import { startImapServer, type ImapServer } from '../../support/imap-server'

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/bounces')
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8')

/** Every fixture, in the order they are delivered. */
const ALL = [
  'postfix-user-unknown.eml',
  'exchange-online-two-recipients.eml',
  'gmail-delayed.eml',
  'out-of-office.eml',
  'vacation-x-autoreply.eml',
  'arf-abuse-complaint.eml',
  'human-reply.eml',
]

describe('readBounceMailbox against Dovecot', () => {
  let server: ImapServer
  beforeAll(async () => {
    server = await startImapServer()
  })
  afterAll(() => server?.stop())

  // Each test has a mailbox of its own.
  const mailbox = (name: string): BounceMailboxConfig => ({
    host: server.host,
    port: server.port,
    secure: false,
    user: server.user,
    pass: server.pass,
    mailbox: name,
  })
  const deliver = async (name: string, files: string[]) => {
    for (const file of files) await server.deliver(fixture(file), name)
  }
  const collect = () => {
    const events: BounceEvent[] = []
    return { events, onEvent: async (event: BounceEvent) => void events.push(event) }
  }

  it('hands over every unread mail, of which the hard bounces and the complaint act, and marks each read', async () => {
    await deliver('Reports', ALL)
    const first = collect()
    expect(await readBounceMailbox(mailbox('Reports'), first.onEvent)).toEqual({ read: 7, acted: 3, failures: [] })
    expect(first.events.map((e) => [e.kind, e.originalMessageId])).toEqual([
      ['hard-bounce', '<newsletter-12-345@coach.example>'],
      ['hard-bounce', '<newsletter-12-346@coach.example>'],
      ['soft-bounce', '<newsletter-12-347@coach.example>'],
      ['auto-reply', '<newsletter-12-348@coach.example>'],
      ['auto-reply', '<newsletter-12-349@coach.example>'],
      ['complaint', '<newsletter-12-350@coach.example>'],
      ['other', '<newsletter-12-351@coach.example>'],
    ])
    expect(first.events.filter(actsOn).map((e) => [e.kind, e.recipients.map((r) => r.address)])).toEqual([
      ['hard-bounce', ['nobody@example.org']],
      ['hard-bounce', ['j.doe@contoso.com', 'm.lee@contoso.com']],
      ['complaint', ['lena.fischer@yahoo.example']],
    ])
    const messages = await server.messages('Reports')
    expect(messages).toHaveLength(7)
    expect(messages.filter((m) => !m.seen)).toEqual([])

    const second = collect()
    expect(await readBounceMailbox(mailbox('Reports'), second.onEvent)).toEqual({ read: 0, acted: 0, failures: [] })
    expect(second.events).toEqual([])
  })

  it('leaves a mail whose onEvent failed unread, goes on with the others, and hands it over again next time', async () => {
    await deliver('Failing', ['postfix-user-unknown.eml', 'arf-abuse-complaint.eml', 'human-reply.eml'])
    const refused = new Error('database down')
    const first = collect()
    const run = await readBounceMailbox(mailbox('Failing'), async (event) => {
      if (event.kind === 'complaint') throw refused
      await first.onEvent(event)
    })
    const [, complaint] = await server.messages('Failing')
    expect(run).toEqual({ read: 3, acted: 1, failures: [{ uid: complaint!.uid, error: refused }] })
    expect(first.events.map((e) => e.kind)).toEqual(['hard-bounce', 'other'])
    expect((await server.messages('Failing')).map((m) => [m.messageId, m.seen])).toEqual([
      ['<20261124091407.4Xk2Lm0qZbz9sT@mail.coach.example>', true],
      ['<1795518167.204813.arf@arf.mail.yahoo.example>', false],
      ['<CAH7kq2x+Pq0vN1sZrY4uWm3Lb6Tn8Jd5Qe9Rf2Gh1Ks0@mail.example>', true],
    ])

    const second = collect()
    expect(await readBounceMailbox(mailbox('Failing'), second.onEvent)).toEqual({ read: 1, acted: 1, failures: [] })
    expect(second.events.map((e) => [e.kind, e.originalMessageId])).toEqual([
      ['complaint', '<newsletter-12-350@coach.example>'],
    ])
    expect((await server.messages('Failing')).every((m) => m.seen)).toBe(true)
  })

  it('judges a mail larger than it reads whole by its header alone: an auto-reply still, a report other', async () => {
    // After the last line of a single-part body, or after a multipart's closing boundary (the epilogue, which
    // every parser skips): the mail grows past the limit, what it says stays the same.
    const large = (raw: string) => raw + `${'x'.repeat(76)}\n`.repeat(Math.ceil(MAX_MAIL_BYTES / 77) + 1)
    await server.deliver(large(fixture('out-of-office.eml')), 'Large')
    await server.deliver(large(fixture('postfix-user-unknown.eml')), 'Large')
    const { events, onEvent } = collect()
    expect(await readBounceMailbox(mailbox('Large'), onEvent)).toEqual({ read: 2, acted: 0, failures: [] })
    expect(events).toEqual([
      { kind: 'auto-reply', recipients: [], originalMessageId: '<newsletter-12-348@coach.example>' },
      { kind: 'other', recipients: [] },
    ])
    // Whole, the same report is a hard bounce.
    expect((await classifyReport(large(fixture('postfix-user-unknown.eml')))).kind).toBe('hard-bounce')
  })

  it('rejects a wrong password, a mailbox that does not exist and a server that is not there, saying which', async () => {
    const { events, onEvent } = collect()
    await expect(readBounceMailbox({ ...mailbox('INBOX'), pass: 'wrong' }, onEvent)).rejects.toThrow(
      /^The bounce mailbox 127\.0\.0\.1 refused the user name or password \(.*Authentication failed.*\)\.$/,
    )
    await expect(readBounceMailbox(mailbox('Nowhere'), onEvent)).rejects.toThrow(
      'The bounce mailbox has no folder "Nowhere" it can open (Mailbox doesn\'t exist: Nowhere',
    )
    await expect(readBounceMailbox({ ...mailbox('INBOX'), port: 1 }, onEvent)).rejects.toThrow(
      'The bounce mailbox 127.0.0.1:1 could not be reached (ECONNREFUSED).',
    )
    expect(events).toEqual([])
  })
})
