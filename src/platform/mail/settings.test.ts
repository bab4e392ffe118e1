import { describe, expect, it } from 'vitest'

import { mailbox } from './settings'

describe('the sender of the site’s mails', () => {
  it('quotes the name, escaping quotes and backslashes and keeping line breaks out of the header', () => {
    expect(mailbox('Rivera Coaching', 'hello@example.com')).toBe('"Rivera Coaching" <hello@example.com>')
    expect(mailbox('Sam "the coach" \\ R', 'a@example.com')).toBe('"Sam \\"the coach\\" \\\\ R" <a@example.com>')
    expect(mailbox('Sam\r\nBcc: x@evil.test', 'a@example.com')).toBe('"Sam Bcc: x@evil.test" <a@example.com>')
  })
})
