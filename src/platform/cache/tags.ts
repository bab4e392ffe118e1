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
  // The published copy of one page (the pages feature names them: page-home, page-coaching, ...).
  | `page-${string}`
