/** Cache tags: one per kind of content, so an edit revalidates exactly the pages and API answers showing it. */
export type ContentTag =
  | 'testimonials'
  | 'blogs'
  | 'coaching-services'
  | 'books'
  | 'workshops'
  | 'faqs'
  | 'site-settings'
  | 'announcement'
  // Whether the newsletter's archive is on (its pages, the footer's and the workshops page's link to it), and
  // what it shows (the sent issues).
  | 'newsletter-archive'
  | 'newsletter-issues'
  // The open times of /scheduling: no cached read carries it, but every instance drops the answers it keeps
  // for a second (src/platform/server/page-cache.ts) when a call or the availability changes.
  | 'open-times'
  // The seats of the workshops: no cached read carries it either, but each workshop's registration page is kept
  // for a second like /scheduling, and a registration, a cancellation or an offer drops it on every instance.
  | 'workshop-seats'
  // The coaching packages on sale: the coaching page's Buy buttons (src/features/packages/).
  | 'packages'
  // The published copy of one page (the pages feature names them: page-home, page-coaching, ...).
  | `page-${string}`
