import { describe, expect, it } from 'vitest'

import { smtpOutcome } from './smtp-outcome'

/** Errors as nodemailer gives them (code, command, responseCode and response as its SMTP connection sets them). */
const smtpError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message ?? 'failed')), fields)

describe('what a failed hand-over means for one newsletter mail', () => {
  it('a "try later" from the server is tried again, and a 421 or 454 rests the connections', () => {
    expect(
      smtpOutcome(
        smtpError({ code: 'ECONNECTION', responseCode: 421, response: '421 4.7.0 Try again later', command: 'CONN' }),
      ),
    ).toEqual({
      kind: 'deferred',
      reason: '421 4.7.0 Try again later',
      slowDown: true,
    })
    expect(
      smtpOutcome(
        smtpError({ code: 'EENVELOPE', responseCode: 450, response: '450 mailbox busy', command: 'RCPT TO' }),
      ),
    ).toMatchObject({
      kind: 'deferred',
      slowDown: false,
    })
  })

  it('a 5xx to the recipient bounces the address; to the message, fails it; to the sender or login, stops the issue', () => {
    expect(
      smtpOutcome(
        smtpError({ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 No such user', command: 'RCPT TO' }),
      ).kind,
    ).toBe('bounced')
    expect(
      smtpOutcome(smtpError({ code: 'EMESSAGE', responseCode: 554, response: '554 5.7.1 Spam', command: 'DATA' })).kind,
    ).toBe('failed')
    expect(
      smtpOutcome(
        smtpError({ code: 'EENVELOPE', responseCode: 553, response: '553 sender refused', command: 'MAIL FROM' }),
      ),
    ).toEqual({
      kind: 'stop',
      reason: '553 sender refused',
    })
    expect(
      smtpOutcome(
        smtpError({ code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Bad credentials', command: 'AUTH PLAIN' }),
      ).kind,
    ).toBe('stop')
  })

  it('no connection at all is tried again; a connection lost under way is uncertain', () => {
    expect(smtpOutcome(smtpError({ code: 'ESOCKET', originalCode: 'ECONNREFUSED', command: 'CONN' })).kind).toBe(
      'deferred',
    )
    expect(
      smtpOutcome(smtpError({ code: 'ECONNECTION', command: 'CONN', message: 'Connection closed unexpectedly' })),
    ).toMatchObject({
      kind: 'uncertain',
      reason: expect.stringMatching(/may or may not have it.*Connection closed unexpectedly/),
    })
  })

  it('a connection lost before the mail’s content began to leave is tried again, never uncertain', () => {
    const cut = smtpError({ code: 'ECONNECTION', command: 'CONN', message: 'Connection closed unexpectedly' })
    expect(smtpOutcome(cut, false)).toMatchObject({ kind: 'deferred', reason: 'Connection closed unexpectedly' })
    expect(smtpOutcome(smtpError({ code: 'ETIMEDOUT', command: 'RCPT TO' }), false).kind).toBe('deferred')
    // What the server answered still decides, whenever it answered.
    expect(smtpOutcome(smtpError({ responseCode: 550, command: 'RCPT TO', response: '550 No' }), false).kind).toBe(
      'bounced',
    )
  })
})
