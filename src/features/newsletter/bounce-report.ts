/**
 * What a mail in the coach's bounce mailbox says about a newsletter mail the site sent: that an address
 * does not exist (a hard bounce), that delivery is late (a soft bounce), that the reader marked it as spam
 * (a complaint), or nothing the newsletter acts on (an auto-reply, anything else).
 *
 * Only the standard machine-readable reports count: a delivery-status notification (RFC 3464,
 * `multipart/report; report-type=delivery-status`) and an abuse report in the Abuse Reporting Format
 * (RFC 5965, `report-type=feedback-report`), each at the top of the mail. Bounces in prose only (old qmail,
 * some hosted filters) are `other`: guessing an address out of free text could unsubscribe the wrong
 * reader, and a missed bounce costs only another try next time.
 *
 * mailparser (`simpleParser`) reads the MIME; the report parts themselves are header-style blocks this
 * module reads (parseHeaderBlocks), as mailparser hands them over as plain attachments.
 *
 * Anyone can send a report-shaped mail to the bounce mailbox: the engine acting on an event should do so
 * only when its `originalMessageId` names a newsletter mail the site sent to that same address.
 */
import {
  simpleParser,
  type AddressObject,
  type Attachment,
  type HeaderValue,
  type ParsedMail,
  type StructuredHeader,
} from 'mailparser'

export type BounceKind = 'hard-bounce' | 'soft-bounce' | 'complaint' | 'auto-reply' | 'other'

export type BounceRecipient = {
  /** Lower-cased: the address the report names (for a bounce, the one the site sent to, where it says). */
  address: string
  /** The enhanced status code, e.g. `5.1.1` (bounces only). */
  status?: string
  /** The remote server's words, e.g. `550 5.1.1 <a@example.org>: User unknown` (bounces only). */
  diagnostic?: string
}

export type BounceEvent = {
  kind: BounceKind
  /**
   * A hard bounce: only the addresses that failed for good (a report may name several, and also others that
   * are merely delayed); a soft bounce: the delayed ones; a complaint: who complained (can be empty, when the
   * mailbox provider redacts the address: then the original Message-ID is all there is). Empty for
   * auto-replies and other mail.
   */
  recipients: BounceRecipient[]
  /**
   * The Message-ID of the mail the report is about, angle brackets included (`<newsletter-12-345-<signature>@…>`,
   * ./message-id.ts): from
   * the returned message or its headers, else the report's own references to it.
   */
  originalMessageId?: string
}

/** The kinds the newsletter acts on (stops mailing the address); every other kind is only counted. */
export const actsOn = (event: BounceEvent): boolean => event.kind === 'hard-bounce' || event.kind === 'complaint'

/** One header-style block: lower-cased field name → its values, unfolded, in order of appearance. */
export type HeaderBlock = Map<string, string[]>

/** The first value of a field in a block, if any. */
export const field = (block: HeaderBlock | undefined, name: string): string | undefined =>
  block?.get(name.toLowerCase())?.[0]

/**
 * The header-style blocks of a `message/delivery-status` or `message/feedback-report` part: fields
 * (`Name: value`), a line starting with a space or tab continuing the field above (folding), blocks separated
 * by one or more blank lines. Folded lines are joined by one space. Lines that are not fields are skipped:
 * one broken line should not lose the whole report.
 */
export function parseHeaderBlocks(text: string): HeaderBlock[] {
  const blocks: HeaderBlock[] = []
  let block: HeaderBlock | undefined
  let last: { values: string[]; index: number } | undefined
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.trim() === '') {
      block = undefined
      last = undefined
    } else if (/^[ \t]/.test(line)) {
      if (last) last.values[last.index] = `${last.values[last.index]} ${line.trim()}`.trim()
    } else {
      const match = /^([!-9;-~]+)[ \t]*:(.*)$/.exec(line)
      if (!match) {
        last = undefined
        continue
      }
      if (!block) blocks.push((block = new Map()))
      const name = match[1]!.toLowerCase()
      const values = block.get(name) ?? []
      block.set(name, values)
      last = { values, index: values.push(match[2]!.trim()) - 1 }
    }
  }
  return blocks
}

export type DeliveryStatus = {
  /** The per-message block (Reporting-MTA, Arrival-Date, ...), when there is one. */
  message: HeaderBlock | undefined
  /** One block per recipient the report is about. */
  recipients: HeaderBlock[]
}

/**
 * A delivery-status part (RFC 3464 section 2.1): the per-message block, then one block per recipient. A block
 * counts as a recipient's when it has `Final-Recipient` (required there), so a report that leaves out the
 * per-message block still gives its recipients.
 */
export function parseDeliveryStatus(text: string): DeliveryStatus {
  const blocks = parseHeaderBlocks(text)
  const isRecipient = (b: HeaderBlock) => b.has('final-recipient')
  return {
    message: blocks[0] && !isRecipient(blocks[0]) ? blocks[0] : undefined,
    recipients: blocks.filter(isRecipient),
  }
}

/**
 * An address out of a report field: `rfc822; Nobody@Example.org` (RFC 3464's address type first),
 * `<a@example.org>` or a bare address; lower-cased. Undefined when what is left is not an address.
 */
export function reportAddress(value: string | undefined): string | undefined {
  if (!value) return undefined
  const address = value
    .replace(/^[\w.-]+\s*;/, '')
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .trim()
    .toLowerCase()
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address : undefined
}

const ENHANCED_STATUS = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/

/**
 * What one recipient block of a delivery-status report means: `hard` (failed, 5.x.x), `soft` (delayed, or
 * 4.x.x: the sender gave up on a passing failure), or nothing (delivered, relayed, expanded). A failure whose
 * status cannot be read is `soft`: the site never stops mailing a reader without a permanent code. The status
 * is taken from `Diagnostic-Code` when `Status` (required) is missing.
 */
export function recipientOutcome(block: HeaderBlock): { outcome?: 'hard' | 'soft'; recipient?: BounceRecipient } {
  // The address the site sent to: Original-Recipient when the reporting server kept it (an alias or
  // forwarding may have changed it since), else the address where delivery failed.
  const address = reportAddress(field(block, 'original-recipient')) ?? reportAddress(field(block, 'final-recipient'))
  if (!address) return {}
  const action = field(block, 'action')?.toLowerCase().trim()
  const diagnostic = field(block, 'diagnostic-code')?.replace(/^[\w-]+\s*;\s*/, '') || undefined
  const code = ENHANCED_STATUS.exec(field(block, 'status') ?? '') ?? ENHANCED_STATUS.exec(diagnostic ?? '')
  const status = code ? `${code[1]}.${Number(code[2])}.${Number(code[3])}` : undefined
  const recipient: BounceRecipient = { address, ...(status ? { status } : {}), ...(diagnostic ? { diagnostic } : {}) }
  if (action === 'failed' && code?.[1] === '5') return { outcome: 'hard', recipient }
  if (action === 'failed' || action === 'delayed') return { outcome: 'soft', recipient }
  return {}
}

/** Subjects of out-of-office and vacation replies, in the languages the coach's readers most likely use. */
const AUTO_REPLY_SUBJECT =
  /^\s*(?:auto(?:matic)?[ -]?(?:reply|response|antwort)|auto:|out of (?:the )?office|ooo\b|abwesenheit|automatische antwort|r[ée]ponse automatique|absence|respuesta autom[áa]tica|fuera de la oficina|risposta automatica|automatisch antwoord|afwezig|resposta autom[áa]tica|autosvar|automatisk svar|fr[åa]nvaro|on (?:vacation|holiday)|vacation)/i

/** The first value of a header as text, whatever mailparser made of it. */
function headerText(value: HeaderValue | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' ? first : undefined
}

/**
 * An automatic reply by RFC 3834 (`Auto-Submitted` anything but `no`) or by the older headers that vacation
 * programs and Exchange set instead, or one whose subject says it is.
 */
function isAutoReply(mail: ParsedMail): boolean {
  const header = (name: string) => headerText(mail.headers.get(name))?.trim().toLowerCase()
  const autoSubmitted = header('auto-submitted')
  if (autoSubmitted && !/^no(?![\w-])/.test(autoSubmitted)) return true
  if (header('x-autoreply') || header('x-autorespond')) return true
  if (header('precedence') === 'auto_reply') return true
  return AUTO_REPLY_SUBJECT.test(mail.subject ?? '')
}

const REPORT_PART =
  (...types: string[]) =>
  (a: Attachment) =>
    types.includes(a.contentType.toLowerCase())
const isDeliveryStatus = REPORT_PART('message/delivery-status', 'message/global-delivery-status')
const isFeedbackReport = REPORT_PART('message/feedback-report')
const isReturnedMessage = REPORT_PART(
  'message/rfc822',
  'message/global',
  'text/rfc822-headers',
  'message/global-headers',
)

const PARSE_OPTIONS = {
  // Report parts as attachments rather than merged into the text, and the returned message unparsed (even when
  // marked inline, as abuse reports do), so its own headers can be read.
  keepDeliveryStatus: true,
  ignoreEmbedded: true,
  // None of the text or HTML is read.
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipImageLinks: true,
  skipTextLinks: true,
  checksumAlgo: false,
} as const

/** The Message-ID and To addresses of the returned message (whole or headers only), if the report has one. */
async function returnedMessage(mail: ParsedMail): Promise<{ messageId?: string; to: string[] }> {
  const part = mail.attachments.find(isReturnedMessage)
  if (!part) return { to: [] }
  // Headers only (text/rfc822-headers) end without the blank line that would end a message's header.
  const original = await simpleParser(Buffer.concat([part.content, Buffer.from('\r\n\r\n')]), PARSE_OPTIONS)
  const to = ([] as AddressObject[])
    .concat(original.to ?? [])
    .flatMap((a) => a.value)
    .flatMap((a) => [a, ...(a.group ?? [])])
    .map((a) => reportAddress(a.address))
    .filter((a): a is string => a !== undefined)
  return { messageId: original.messageId || undefined, to }
}

/** The first `<id>` in a header like In-Reply-To or X-Original-Message-ID. */
const messageIdIn = (value: string | undefined): string | undefined => /<[^<>\s]+>/.exec(value ?? '')?.[0]

/**
 * Classifies one raw mail (RFC 5322, as fetched from the mailbox). Never throws for a mail it cannot read as
 * a report: that is `other`. It throws only when mailparser does (a message past mailparser's limits).
 */
export async function classifyReport(raw: Buffer | string): Promise<BounceEvent> {
  const mail = await simpleParser(raw, PARSE_OPTIONS)
  // mailparser gives Content-Type as { value, params } (a StructuredHeader).
  const contentType = mail.headers.get('content-type') as StructuredHeader | undefined
  const reportType =
    contentType?.value.toLowerCase() === 'multipart/report'
      ? contentType.params['report-type']?.toLowerCase()
      : undefined
  const inReplyTo = messageIdIn(mail.inReplyTo)
  const withId = (event: BounceEvent, messageId: string | undefined): BounceEvent =>
    messageId ? { ...event, originalMessageId: messageId } : event

  if (reportType === 'delivery-status') {
    const part = mail.attachments.find(isDeliveryStatus)
    const status = part ? parseDeliveryStatus(part.content.toString('utf8')) : undefined
    const returned = await returnedMessage(mail)
    const messageId = returned.messageId ?? messageIdIn(field(status?.message, 'x-original-message-id')) ?? inReplyTo
    const outcomes = (status?.recipients ?? []).map(recipientOutcome)
    const of = (outcome: 'hard' | 'soft') =>
      outcomes.filter((o) => o.outcome === outcome).map((o) => o.recipient as BounceRecipient)
    const hard = of('hard')
    if (hard.length > 0) return withId({ kind: 'hard-bounce', recipients: hard }, messageId)
    const soft = of('soft')
    if (soft.length > 0) return withId({ kind: 'soft-bounce', recipients: soft }, messageId)
    // Success notices (delivered, relayed) and reports without a readable recipient.
    return withId({ kind: 'other', recipients: [] }, messageId)
  }

  if (reportType === 'feedback-report') {
    const part = mail.attachments.find(isFeedbackReport)
    const report = part ? parseHeaderBlocks(part.content.toString('utf8'))[0] : undefined
    const returned = await returnedMessage(mail)
    const messageId = returned.messageId ?? inReplyTo
    // Other feedback types (fraud, virus, not-spam, ...) are not the reader asking to stop.
    if (field(report, 'feedback-type')?.trim().toLowerCase() !== 'abuse') {
      return withId({ kind: 'other', recipients: [] }, messageId)
    }
    const rcptTo = (report?.get('original-rcpt-to') ?? []).map(reportAddress).filter((a) => a !== undefined)
    const addresses = [...new Set(rcptTo.length > 0 ? rcptTo : returned.to)]
    return withId({ kind: 'complaint', recipients: addresses.map((address) => ({ address })) }, messageId)
  }

  return withId({ kind: isAutoReply(mail) ? 'auto-reply' : 'other', recipients: [] }, inReplyTo)
}
