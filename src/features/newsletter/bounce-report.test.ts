import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import {
  actsOn,
  classifyReport,
  field,
  parseDeliveryStatus,
  parseHeaderBlocks,
  recipientOutcome,
  reportAddress,
  type BounceEvent,
} from './bounce-report'

const FIXTURES = path.join(import.meta.dirname, '../../../tests/fixtures/bounces')
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8')

describe('classifyReport over the fixtures', () => {
  it('a Postfix bounce (5.1.1 user unknown): hard, the one address, the returned message’s Message-ID', async () => {
    // The returned message's body also holds a "Message-ID:" line: only its header counts.
    expect(await classifyReport(fixture('postfix-user-unknown.eml'))).toEqual<BounceEvent>({
      kind: 'hard-bounce',
      recipients: [
        {
          address: 'nobody@example.org',
          status: '5.1.1',
          diagnostic:
            '550 5.1.1 <Nobody@Example.org>: Recipient address rejected: User unknown in virtual mailbox table',
        },
      ],
      originalMessageId: '<newsletter-12-345@coach.example>',
    })
  })

  it('an Exchange Online report naming two addresses: hard for both, Message-ID from the returned headers', async () => {
    expect(await classifyReport(fixture('exchange-online-two-recipients.eml'))).toEqual<BounceEvent>({
      kind: 'hard-bounce',
      recipients: [
        {
          address: 'j.doe@contoso.com',
          status: '5.1.10',
          diagnostic: '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
        },
        {
          address: 'm.lee@contoso.com',
          status: '5.4.1',
          diagnostic: '550 5.4.1 Recipient address rejected: Access denied. AS(201806281)',
        },
      ],
      originalMessageId: '<newsletter-12-346@coach.example>',
    })
  })

  it('a Gmail delay notice (4.4.1): soft', async () => {
    expect(await classifyReport(fixture('gmail-delayed.eml'))).toEqual<BounceEvent>({
      kind: 'soft-bounce',
      recipients: [
        {
          address: 'ines@slow.example.net',
          status: '4.4.1',
          diagnostic:
            'The recipient server did not accept our requests to connect. Learn more at https://support.google.com/mail/answer/7720 [mx.slow.example.net 192.0.2.44: timed out]',
        },
      ],
      originalMessageId: '<newsletter-12-347@coach.example>',
    })
  })

  it('an abuse report (ARF): a complaint by Original-Rcpt-To, Message-ID from the inline returned message', async () => {
    expect(await classifyReport(fixture('arf-abuse-complaint.eml'))).toEqual<BounceEvent>({
      kind: 'complaint',
      recipients: [{ address: 'lena.fischer@yahoo.example' }],
      originalMessageId: '<newsletter-12-350@coach.example>',
    })
  })

  it('auto-replies by Auto-Submitted and by X-Autoreply, and a reader’s own reply, name no one', async () => {
    expect(await classifyReport(fixture('out-of-office.eml'))).toEqual<BounceEvent>({
      kind: 'auto-reply',
      recipients: [],
      originalMessageId: '<newsletter-12-348@coach.example>',
    })
    expect(await classifyReport(fixture('vacation-x-autoreply.eml'))).toEqual<BounceEvent>({
      kind: 'auto-reply',
      recipients: [],
      originalMessageId: '<newsletter-12-349@coach.example>',
    })
    expect(await classifyReport(fixture('human-reply.eml'))).toEqual<BounceEvent>({
      kind: 'other',
      recipients: [],
      originalMessageId: '<newsletter-12-351@coach.example>',
    })
  })

  it('only hard bounces and complaints are acted on', () => {
    const kinds = ['hard-bounce', 'soft-bounce', 'complaint', 'auto-reply', 'other'] as const
    expect(kinds.filter((kind) => actsOn({ kind, recipients: [] }))).toEqual(['hard-bounce', 'complaint'])
  })
})

describe('classifyReport on variants', () => {
  it('reads a mail with CRLF line ends (as IMAP gives it) and from a Buffer alike', async () => {
    const crlf = Buffer.from(fixture('postfix-user-unknown.eml').replace(/\n/g, '\r\n'))
    expect(await classifyReport(crlf)).toEqual(await classifyReport(fixture('postfix-user-unknown.eml')))
  })

  it('a report naming a failed and a delayed address is a hard bounce for the failed one only', async () => {
    const mixed = fixture('exchange-online-two-recipients.eml')
      .replace('Action: failed\nStatus: 5.4.1', 'Action: delayed\nStatus: 4.4.7')
      .replace('550 5.4.1', '451 4.4.7')
    const event = await classifyReport(mixed)
    expect(event.kind).toBe('hard-bounce')
    expect(event.recipients.map((r) => r.address)).toEqual(['j.doe@contoso.com'])
  })

  it('a delivered notice is other; a report whose status part is missing is other, never an auto-reply', async () => {
    const delivered = fixture('postfix-user-unknown.eml').replace(
      'Action: failed\nStatus: 5.1.1',
      'Action: delivered\nStatus: 2.0.0',
    )
    expect(await classifyReport(delivered)).toMatchObject({ kind: 'other', recipients: [] })
    // The Postfix report carries Auto-Submitted: auto-replied, as every bounce should.
    const noStatus = fixture('postfix-user-unknown.eml').replace(
      'Content-Type: message/delivery-status',
      'Content-Type: text/plain',
    )
    expect(await classifyReport(noStatus)).toEqual({
      kind: 'other',
      recipients: [],
      originalMessageId: '<newsletter-12-345@coach.example>',
    })
  })

  it('takes the Message-ID from X-Original-Message-ID, then In-Reply-To, when no original is returned', async () => {
    const withoutHeaders = (raw: string) =>
      raw.slice(0, raw.lastIndexOf('--000000000000d8e1c20627a4f9b3\nContent-Type: text/rfc822-headers'))
    const gmail = withoutHeaders(fixture('gmail-delayed.eml'))
      .replace(/^(References|In-Reply-To): .*\n/gm, '')
      .replace(
        'X-Original-Message-ID: <newsletter-12-347@coach.example>',
        'X-Original-Message-ID: <newsletter-9-9@coach.example>',
      )
    expect((await classifyReport(gmail)).originalMessageId).toBe('<newsletter-9-9@coach.example>')
    const exchange = fixture('exchange-online-two-recipients.eml')
    const headersPart = exchange.indexOf('--c5a7a1e2-5d0e-4f4c-9b7b-2f3a0d8e6c41\nContent-Type: text/rfc822-headers')
    const exchangeWithoutOriginal = exchange
      .slice(0, headersPart)
      .replace('In-Reply-To: <newsletter-12-346', 'In-Reply-To: <newsletter-7-7')
    expect((await classifyReport(exchangeWithoutOriginal)).originalMessageId).toBe('<newsletter-7-7@coach.example>')
  })

  it('a complaint without Original-Rcpt-To names the returned message’s To; other feedback types are other', async () => {
    const arf = fixture('arf-abuse-complaint.eml')
    expect(await classifyReport(arf.replace(/^Original-Rcpt-To: .*\n/m, ''))).toEqual<BounceEvent>({
      kind: 'complaint',
      recipients: [{ address: 'lena.fischer@yahoo.example' }],
      originalMessageId: '<newsletter-12-350@coach.example>',
    })
    // Providers that redact the reader leave only the Message-ID to go by.
    const redacted = arf
      .replace(/^Original-Rcpt-To: .*\n/m, '')
      .replace('To: Lena.Fischer@yahoo.example', 'To: redacted')
    expect(await classifyReport(redacted)).toEqual<BounceEvent>({
      kind: 'complaint',
      recipients: [],
      originalMessageId: '<newsletter-12-350@coach.example>',
    })
    expect(await classifyReport(arf.replace('Feedback-Type: abuse', 'Feedback-Type: not-spam'))).toMatchObject({
      kind: 'other',
      recipients: [],
    })
  })

  it('knows auto-replies by Precedence, X-Autorespond and their subjects, and Auto-Submitted: no is not one', async () => {
    const human = fixture('human-reply.eml')
    const withHeader = (header: string) => human.replace('MIME-Version: 1.0', `${header}\nMIME-Version: 1.0`)
    const kind = async (raw: string) => (await classifyReport(raw)).kind
    expect(await kind(withHeader('Precedence: auto_reply'))).toBe('auto-reply')
    expect(await kind(withHeader('X-Autorespond: yes'))).toBe('auto-reply')
    expect(await kind(withHeader('Auto-Submitted: auto-generated'))).toBe('auto-reply')
    expect(await kind(withHeader('Auto-Submitted: no'))).toBe('other')
    expect(await kind(withHeader('Precedence: bulk'))).toBe('other')
    for (const subject of [
      'Out of Office: November',
      'Automatic reply: November',
      'AutoReply: November',
      'Abwesenheitsnotiz: November',
      'Réponse automatique : November',
    ]) {
      expect(await kind(human.replace(/^Subject: .*$/m, `Subject: ${subject}`)), subject).toBe('auto-reply')
    }
    expect(await kind(human.replace(/^Subject: .*$/m, 'Subject: Re: out of office hours?'))).toBe('other')
  })
})

describe('parseHeaderBlocks', () => {
  it('splits blocks at blank lines, unfolds continued lines, keeps repeated fields in order', () => {
    const blocks = parseHeaderBlocks(
      [
        'Reporting-MTA: dns; mx.example',
        '',
        '',
        'Final-Recipient: rfc822; a@example.org',
        'Diagnostic-Code: smtp; 550 first',
        '    second',
        '\tthird',
        'this line is not a field',
        '   nor is this continuation of nothing',
        'X-Note: one',
        'x-note:two',
        '   ',
        'Final-Recipient: rfc822; b@example.org',
        '',
      ].join('\r\n'),
    )
    expect(blocks.map((b) => Object.fromEntries(b))).toEqual([
      { 'reporting-mta': ['dns; mx.example'] },
      {
        'final-recipient': ['rfc822; a@example.org'],
        'diagnostic-code': ['smtp; 550 first second third'],
        'x-note': ['one', 'two'],
      },
      { 'final-recipient': ['rfc822; b@example.org'] },
    ])
    expect(field(blocks[1], 'X-NOTE')).toBe('one')
    expect(parseHeaderBlocks('\n\n')).toEqual([])
  })

  it('a delivery-status part: the per-message block, then each recipient, also without the first', () => {
    const status = parseDeliveryStatus(
      'Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822;a@x.org\n\nFinal-Recipient: rfc822;b@x.org\n',
    )
    expect(field(status.message, 'reporting-mta')).toBe('dns; mx')
    expect(status.recipients.map((b) => field(b, 'final-recipient'))).toEqual(['rfc822;a@x.org', 'rfc822;b@x.org'])
    const bare = parseDeliveryStatus('Final-Recipient: rfc822;a@x.org\nAction: failed\n')
    expect(bare.message).toBeUndefined()
    expect(bare.recipients).toHaveLength(1)
  })
})

describe('recipientOutcome', () => {
  const outcome = (text: string) => recipientOutcome(parseHeaderBlocks(text)[0]!)

  it('failed with 5.x.x is hard; failed with 4.x.x, delayed, or failed without a readable code is soft', () => {
    expect(outcome('Final-Recipient: rfc822; A@X.org\nAction: Failed\nStatus: 5.0.0 (permanent failure)')).toEqual({
      outcome: 'hard',
      recipient: { address: 'a@x.org', status: '5.0.0' },
    })
    expect(outcome('Final-Recipient: rfc822; a@x.org\nAction: failed\nStatus: 4.4.7').outcome).toBe('soft')
    expect(outcome('Final-Recipient: rfc822; a@x.org\nAction: delayed\nStatus: 4.4.1').outcome).toBe('soft')
    expect(outcome('Final-Recipient: rfc822; a@x.org\nAction: failed')).toEqual({
      outcome: 'soft',
      recipient: { address: 'a@x.org' },
    })
    expect(outcome('Final-Recipient: rfc822; a@x.org\nAction: delivered\nStatus: 2.0.0')).toEqual({})
    expect(outcome('Final-Recipient: x400; c=us;a=;p=x\nAction: failed\nStatus: 5.1.1')).toEqual({})
  })

  it('takes the status from Diagnostic-Code when Status is missing, and prefers Original-Recipient', () => {
    expect(
      outcome(
        'Final-Recipient: rfc822; forwarded@new.example\nOriginal-Recipient: rfc822;Reader@Old.example\nAction: failed\nDiagnostic-Code: smtp; 550 5.1.1 no such user',
      ),
    ).toEqual({
      outcome: 'hard',
      recipient: { address: 'reader@old.example', status: '5.1.1', diagnostic: '550 5.1.1 no such user' },
    })
  })

  it('reads addresses with or without a type and angle brackets', () => {
    expect(reportAddress('rfc822; <Nobody@Example.ORG>')).toBe('nobody@example.org')
    expect(reportAddress('rfc822;a+b@x.org')).toBe('a+b@x.org')
    expect(reportAddress('<a@x.org>')).toBe('a@x.org')
    expect(reportAddress('redacted')).toBeUndefined()
    expect(reportAddress(undefined)).toBeUndefined()
  })
})
