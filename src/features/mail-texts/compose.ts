import type { MailSettings } from '@/platform/mail/settings'
import { MAIL_TEXTS, subjectPlaceholdersOf, type MailTextName, type MailTextValues } from './defaults'
import { fillTemplate, templateProblem } from './template'

type SiteValues = 'coachName' | 'siteName' | 'siteUrl'

/**
 * A visitor mail's subject and text: the coach's text from Mail texts with its placeholders filled, or the
 * built-in text when the stored one is empty or broken (the mail still goes out; the log says why, naming
 * the mail, never the visitor).
 */
/**
 * A placeholder that names a moment already gone when the mail goes out (a workshop's cancellation deadline in
 * a mail sent within 48 hours of its start): every line of the text that names it says `instead` in its place,
 * whatever the coach wrote around it, so no mail promises a time in the past (decision 080). `instead` may
 * use the placeholders the line had.
 */
export type PassedMoment = { placeholder: string; instead: (line: string) => string }

export function composeMail<K extends MailTextName>(
  s: MailSettings,
  name: K,
  values: Omit<MailTextValues<K>, SiteValues>,
  passed: readonly PassedMoment[] = [],
): { subject: string; text: string } {
  const definition = MAIL_TEXTS[name]
  const stored = s.texts[name]
  const usable = (text: unknown, builtIn: string, allowed: readonly string[], required: readonly string[]) => {
    if (typeof text !== 'string' || !text.trim()) return builtIn
    const problem = templateProblem(text, allowed, required)
    if (!problem) return text
    console.warn(`The mail text "${definition.label}" cannot be used, so the built-in text was sent: ${problem}`)
    return builtIn
  }
  const filled: Record<string, string> = {
    coachName: s.brand.name,
    siteName: s.brand.siteName,
    siteUrl: s.siteUrl,
    ...(values as Record<string, string>),
  }
  const subject = usable(stored?.subject, definition.subject, subjectPlaceholdersOf(name), [])
  const body = passed.reduce(
    (text, { placeholder, instead }) =>
      text
        .split(/\r\n?|\n/)
        .map((line) => (line.includes(`{${placeholder}}`) ? instead(line) : line))
        .join('\n'),
    usable(stored?.body, definition.body, definition.placeholders, definition.required),
  )
  return {
    subject: fillTemplate(subject, filled).replace(/\s+/g, ' ').trim(),
    // A placeholder with nothing to say (a free seat's {settlement}) leaves no gap of blank lines behind.
    text: fillTemplate(body, filled)
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd(),
  }
}
