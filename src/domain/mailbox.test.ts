import { describe, expect, it } from 'vitest'

import { mailboxIdentity } from './mailbox'

describe('the inbox an address reaches (for limits)', () => {
  it('is the same however the tag, case or Gmail dots are written', () => {
    const victim = mailboxIdentity('victim@example.com')
    for (const variant of ['victim+1@example.com', 'Victim+2@Example.COM', 'VICTIM+a+b@example.com.']) {
      expect(mailboxIdentity(variant)).toBe(victim)
    }
    expect(mailboxIdentity('j.o.doe+x@googlemail.com')).toBe(mailboxIdentity('jodoe@gmail.com'))
  })

  it('keeps different inboxes apart, and dots where the provider does not ignore them', () => {
    expect(mailboxIdentity('a.b@example.com')).not.toBe(mailboxIdentity('ab@example.com'))
    expect(mailboxIdentity('victim@example.org')).not.toBe(mailboxIdentity('victim@example.com'))
    expect(mailboxIdentity('+tag@example.com')).toBe('+tag@example.com')
  })
})
