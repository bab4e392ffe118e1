/*
 * The coach's mail texts are plain text with placeholders in braces, e.g. "Hello {name},". Nothing else is
 * special: no conditions, no HTML, so a text cannot do more than say what the coach wrote.
 */

const PLACEHOLDER = /\{([^{}]*)\}/g

const listed = (names: readonly string[]) => names.map((n) => `{${n}}`).join(', ')

/**
 * What is wrong with a text, in the coach's terms, or null when it is fine: a brace without its pair, a
 * placeholder this mail does not know, or one it cannot do without (e.g. the confirmation link).
 */
export function templateProblem(text: string, allowed: readonly string[], required: readonly string[] = []) {
  if (!text.trim()) return 'Write the text, or copy it back from the description below.'
  if (/[{}]/.test(text.replace(PLACEHOLDER, '')))
    return 'A { or } is missing its pair. Placeholders are written like {name}.'
  const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').filter((name) => !allowed.includes(name))
  if (unknown.length)
    return `This mail has no placeholder {${unknown[0]}}. ${allowed.length ? `It can use ${listed(allowed)}.` : 'It can use none.'}`
  const missing = required.filter((name) => !text.includes(`{${name}}`))
  if (missing.length) return `Keep ${listed(missing)} in the text: without it the mail cannot do its job.`
  return null
}

/** The text with each placeholder replaced by its value (only call it on a text without a problem). */
export const fillTemplate = (text: string, values: Readonly<Record<string, string>>): string =>
  text.replace(/\r\n?/g, '\n').replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole)
