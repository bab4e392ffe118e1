import type { Field, GlobalConfig } from 'payload'

import { authenticated } from '@/platform/access'
import { MAIL_TEXTS, PLACEHOLDERS, subjectPlaceholdersOf, type MailTextName } from './defaults'
import { templateProblem } from './template'

/** "a, b and c". */
const inWords = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : (items[0] ?? '')

const validText = (allowed: readonly string[], required: readonly string[]) => (value: null | string | undefined) =>
  templateProblem(value ?? '', allowed, required) ?? true

/** One mail: its subject and text, with the placeholders it can use spelled out beneath. */
function mailText(name: MailTextName): Field {
  const m = MAIL_TEXTS[name]
  const uses = m.placeholders.map((p) => `{${p}} ${PLACEHOLDERS[p]}`).join('; ')
  const keeps = m.required.length ? ` It must keep ${m.required.map((p) => `{${p}}`).join(', ')}.` : ''
  const inSubject = subjectPlaceholdersOf(name)
  return {
    name,
    label: m.label,
    type: 'group',
    admin: { description: m.sentWhen },
    fields: [
      {
        name: 'subject',
        type: 'text',
        required: true,
        maxLength: 150,
        defaultValue: m.subject,
        validate: validText(inSubject, []),
        admin: { description: `At most 150 characters. It can use ${inWords(inSubject.map((p) => `{${p}}`))}.` },
      },
      {
        name: 'body',
        label: 'Text',
        type: 'textarea',
        required: true,
        maxLength: 3000,
        defaultValue: m.body,
        validate: validText(m.placeholders, m.required),
        admin: { rows: 10, description: `Plain text, at most 3000 characters. Placeholders: ${uses}.${keeps}` },
      },
    ],
  }
}

/**
 * The texts of the mails visitors receive, in the coach's own voice (src/features/mail-texts/defaults.ts
 * holds the built-in ones, which a fresh install starts with and which replace a text that is empty or
 * broken when a mail is sent).
 */
export const MailTexts: GlobalConfig = {
  slug: 'mail-texts',
  label: 'Mail texts',
  admin: {
    group: 'Settings',
    description:
      'What visitors receive from the site. Write placeholders in braces, e.g. {name}; each mail lists the ones it can use. Changes apply to mails written from now on (reminders already scheduled keep the text they were written with).',
  },
  access: { read: authenticated, update: authenticated },
  fields: (Object.keys(MAIL_TEXTS) as MailTextName[]).map(mailText),
}
