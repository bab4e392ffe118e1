import { describe, expect, it } from 'vitest'

import { replyMailto } from './reply'

const parse = (href: string) => {
  const url = new URL(href)
  return { protocol: url.protocol, to: decodeURIComponent(url.pathname), params: url.searchParams }
}

describe('replyMailto', () => {
  it('addresses the visitor with the subject filled and the message quoted', () => {
    const href = replyMailto({
      email: 'ana.lima+work@example.com',
      name: 'Ana Lima',
      message: 'Hello,\r\nare you free in May?\nThanks & regards',
      siteName: 'Growth & Grace',
    })
    const { protocol, to, params } = parse(href)
    expect(protocol).toBe('mailto:')
    expect(to).toBe('ana.lima+work@example.com')
    expect(params.get('subject')).toBe('Re: your message to Growth & Grace')
    expect(params.get('body')).toBe(
      '\r\n\r\nAna Lima wrote:\r\n> Hello,\r\n> are you free in May?\r\n> Thanks & regards\r\n',
    )
    // Nothing the visitor wrote can add a header of its own or end the address early.
    expect([...params.keys()]).toEqual(['subject', 'body'])
  })

  it('keeps a message with "?", "&" and "=" inside the body', () => {
    const { params } = parse(
      replyMailto({ email: 'a@example.com', name: 'A', message: '?cc=x@evil.test&bcc=y', siteName: 'S' }),
    )
    expect([...params.keys()]).toEqual(['subject', 'body'])
    expect(params.get('body')).toContain('> ?cc=x@evil.test&bcc=y')
  })
})
