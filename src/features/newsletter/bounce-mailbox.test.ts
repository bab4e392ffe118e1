import { describe, expect, it } from 'vitest'

import { bounceMailboxFromUrl } from './bounce-mailbox'

// Reading the mailbox itself is tested against Dovecot: tests/integration/newsletter/bounce-mailbox.test.ts.
describe('bounceMailboxFromUrl', () => {
  it('reads imaps:// and imap:// addresses, with default ports and mailbox', () => {
    expect(bounceMailboxFromUrl('imaps://bounces:s3cret@imap.example.com:993/INBOX')).toEqual({
      host: 'imap.example.com',
      port: 993,
      secure: true,
      user: 'bounces',
      pass: 's3cret',
      mailbox: 'INBOX',
    })
    expect(bounceMailboxFromUrl('imaps://bounces:s3cret@imap.example.com')).toMatchObject({
      port: 993,
      mailbox: 'INBOX',
    })
    expect(bounceMailboxFromUrl(' imap://bounces:s3cret@imap.example.com/ ')).toMatchObject({
      port: 143,
      secure: false,
      mailbox: 'INBOX',
    })
    expect(bounceMailboxFromUrl('imaps://u:p@[::1]:10993/Bounces/From%20newsletter')).toMatchObject({
      host: '::1',
      port: 10993,
      mailbox: 'Bounces/From newsletter',
    })
  })

  it('decodes the user name and password, an @ in the user name also as it is', () => {
    expect(bounceMailboxFromUrl('imaps://bounces%40coach.example:p%40ss%3Aw%2Fd@imap.example.com/INBOX')).toMatchObject(
      { user: 'bounces@coach.example', pass: 'p@ss:w/d' },
    )
    expect(bounceMailboxFromUrl('imaps://bounces@coach.example:pass@imap.example.com/INBOX')).toMatchObject({
      user: 'bounces@coach.example',
      pass: 'pass',
      host: 'imap.example.com',
    })
  })

  it('refuses anything else, saying what is wrong and never the password', () => {
    const refusal = (value: string) => {
      try {
        bounceMailboxFromUrl(value)
      } catch (error) {
        return (error as Error).message
      }
      throw new Error(`accepted ${value}`)
    }
    expect(refusal('imap.example.com')).toBe(
      'The bounce mailbox address is not a valid address: expected imaps://user:password@host:993/INBOX',
    )
    expect(refusal('https://bounces:hunter2@imap.example.com/')).toBe(
      'The bounce mailbox address starts with https://, not imaps:// or imap://: expected imaps://user:password@host:993/INBOX',
    )
    expect(refusal('pop3s://bounces:hunter2@pop.example.com/')).toMatch(
      /^The bounce mailbox address starts with pop3s:/,
    )
    expect(refusal('imaps://imap.example.com/INBOX')).toMatch(/needs a user name and a password/)
    expect(refusal('imaps://bounces@imap.example.com/INBOX')).toMatch(/needs a user name and a password/)
    expect(refusal('imaps://bounces:hunter2@/INBOX')).toMatch(/not a valid address|has no host/)
    expect(refusal('imaps://bounces:hunter2@imap.example.com/INBOX;UIDVALIDITY=7')).toMatch(/no ;, \? or #/)
    expect(refusal('imaps://bounces:hunter2@imap.example.com/INBOX?SEEN')).toMatch(/no ;, \? or #/)
    expect(refusal('imaps://bounces:hunt%E0er2@imap.example.com/INBOX')).toMatch(
      /password has a broken percent-encoding/,
    )
    for (const value of [
      'https://bounces:hunter2@imap.example.com/',
      'imaps://bounces:hunter2@imap.example.com/INBOX?SEEN',
      'imaps://bounces:hunter2@/INBOX',
    ]) {
      expect(refusal(value)).not.toContain('hunter2')
    }
  })
})
