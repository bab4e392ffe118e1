import { describe, expect, it } from 'vitest'

import { currentRequestId, logLine, payloadLogger, redact, requestIdFor, withRequestId } from './log'

describe('the log', () => {
  it('masks e-mail and IP addresses, whatever the text around them', () => {
    expect(redact('Subscriber jane.doe+news@example.co.uk from 203.0.113.7 and 2001:db8::1 or ::ffff:10.0.0.1')).toBe(
      'Subscriber [email] from [address] and [address] or [address]',
    )
    expect(redact('connect ECONNREFUSED 127.0.0.1:5432 after 3 tries of 10.5 s')).toBe(
      'connect ECONNREFUSED [address]:5432 after 3 tries of 10.5 s',
    )
    expect(redact('Next.js 16.4.5 ready; outbox: 2 mail to retry')).toBe(
      'Next.js 16.4.5 ready; outbox: 2 mail to retry',
    )
  })

  it('writes one JSON object per line, with the request id while answering a request', () => {
    const at = new Date('2026-11-24T10:00:00Z')
    expect(JSON.parse(logLine('warn', 'Outbox: 1 mail to retry', at))).toEqual({
      time: '2026-11-24T10:00:00.000Z',
      level: 'warn',
      msg: 'Outbox: 1 mail to retry',
    })
    const line = withRequestId('req-12345678', () => logLine('error', 'Reading books failed: for a@b.example', at))
    expect(JSON.parse(line)).toMatchObject({
      level: 'error',
      msg: 'Reading books failed: for [email]',
      requestId: 'req-12345678',
    })
    expect(currentRequestId()).toBeUndefined()
  })

  it('keeps the id through awaits, apart for requests answered at the same time', async () => {
    const ids = await Promise.all(
      ['first-request', 'second-request'].map((id) =>
        withRequestId(id, async () => {
          await new Promise((r) => setTimeout(r, 5))
          return currentRequestId()
        }),
      ),
    )
    expect(ids).toEqual(['first-request', 'second-request'])
  })

  it("takes a trusted proxy's request id when it is sane, else makes one", () => {
    expect(requestIdFor('edge-0123456789', true)).toBe('edge-0123456789')
    expect(requestIdFor('edge-0123456789', false)).toMatch(/^[0-9a-f-]{36}$/)
    expect(requestIdFor('bad id with spaces\n', true)).toMatch(/^[0-9a-f-]{36}$/)
    expect(requestIdFor(undefined, true)).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("notes a visitor's closed connection and a refused request as info, and passes every other error on as an error", () => {
    type LogMethod = (this: object, args: unknown[], method: (...a: unknown[]) => unknown, level: number) => unknown
    const logMethod = (payloadLogger as unknown as { options: { hooks: { logMethod: LogMethod } } }).options.hooks
      .logMethod
    const calls: string[] = []
    const logger = { info: (msg: string) => calls.push(`info: ${msg}`) }
    const method = (...args: unknown[]) => calls.push(`as given: ${JSON.stringify(args)}`)
    logMethod.call(logger, [{ err: { code: 'ECONNRESET', message: 'aborted' } }], method, 50)
    logMethod.call(logger, [{ err: { code: 'ECONNREFUSED', message: 'connect failed' } }], method, 50)
    logMethod.call(logger, [{ err: { status: 403, message: 'Token is either invalid or has expired.' } }], method, 50)
    logMethod.call(logger, [{ err: { status: 500, message: 'Something broke.' } }], method, 50)
    expect(calls).toEqual([
      'info: The client closed the connection before its request was read.',
      'as given: [{"err":{"code":"ECONNREFUSED","message":"connect failed"}}]',
      'info: Token is either invalid or has expired.',
      'as given: [{"err":{"status":500,"message":"Something broke."}}]',
    ])
  })
})
