/** The header's navigation: these seven links, in this order, with exactly these labels. */
export const NAV_ITEMS = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/coaching', label: 'Coaching' },
  { href: '/books', label: 'My Books' },
  { href: '/blog', label: 'My Blog' },
  { href: '/workshops', label: 'Workshops' },
  { href: '/schedule-and-contact', label: 'Reach Us' },
] as const

/** Every public page: the spec's seven routes plus the discovery-call page the spec links to. */
export const PUBLIC_PATHS = [...NAV_ITEMS.map((i) => i.href), '/scheduling'] as const
