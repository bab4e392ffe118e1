import type { OptionObject } from 'payload'

/**
 * The options of a select or radio field, written as each stored value and the label the coach sees, in the
 * order they are offered: `choices({ full: 'In full', instalments: 'In instalments' })`. The values are words,
 * never whole numbers (a number-like key would move to the front).
 */
export const choices = (labels: Record<string, string>): OptionObject[] =>
  Object.entries(labels).map(([value, label]) => ({ label, value }))
