/**
 * The coach's reply to a contact message: a mailto: address that opens their own mail program on a new mail
 * to the visitor, with the subject filled in and the message quoted below an empty first line.
 */
export function replyMailto({
  email,
  name,
  message,
  siteName,
}: {
  email: string
  name: string
  message: string
  siteName: string
}): string {
  const quoted = message
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')
  const body = `\n\n${name} wrote:\n${quoted}\n`
  // RFC 6068: the address as it is (an e-mail field holds no "?" or "&"), header values percent-encoded, and
  // line breaks in the body as CRLF.
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(replySubject(siteName))}&body=${encodeURIComponent(body.replace(/\n/g, '\r\n'))}`
}

/** The subject of the coach's reply. */
export const replySubject = (siteName: string): string => `Re: your message to ${siteName}`
