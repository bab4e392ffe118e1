/** What a blog card shows when its image is missing or cannot be loaded. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg'
