/** The pages that show a list of FAQs, each with its own questions. */
export const FAQ_PAGES = [
  { value: 'coaching', label: 'Coaching' },
  { value: 'workshops', label: 'Workshops' },
  { value: 'contact', label: 'Schedule and contact' },
] as const

export type FaqPage = (typeof FAQ_PAGES)[number]['value']
