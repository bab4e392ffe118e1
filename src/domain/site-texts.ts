/**
 * The texts each server-driven list shows while loading, when its read fails and when it has no items,
 * word for word as the site must show them.
 * One table, so a page can never show one list's text for another.
 */
export const LIST_TEXTS = {
  testimonials: {
    loading: 'Loading testimonials...',
    failed: 'Failed to load testimonials. Please try again later.',
    // The spec defines no empty text for testimonials; the block then says so plainly.
    empty: 'No testimonials available at the moment.',
  },
  blogs: {
    loading: 'Loading blog posts...',
    failed: 'Failed to load blog posts. Please try again later.',
    empty: 'No blog posts available at the moment.',
  },
  coachingServices: {
    loading: 'Loading coaching services...',
    failed: 'Failed to load coaching services. Please try again later.',
    empty: 'No coaching services available at the moment.',
  },
  books: {
    loading: 'Loading books...',
    failed: 'Failed to load books. Please try again later.',
    empty: 'No books available at the moment.',
  },
  workshops: {
    loading: 'Loading workshops...',
    failed: 'Failed to load workshops. Please try again later.',
    empty: 'No workshops available at the moment.',
  },
} as const

export type ListName = keyof typeof LIST_TEXTS
