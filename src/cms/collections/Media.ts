import path from 'node:path'

import type { CollectionAfterReadHook, CollectionConfig } from 'payload'

import { anyone, authenticated } from '@/platform/access'
import { dataDir } from '@/platform/data-dir'
import { IMMUTABLE, mediaFileHandler, nameFileByContent } from '@/platform/media-files'

const staticDir = path.join(dataDir(), 'media')

/** The image formats the site takes. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const
/** The largest image accepted, bounded before Payload reads the body (src/platform/server/request-guard.ts). */
export { MAX_IMAGE_BYTES } from '@/platform/server/request-guard'

/**
 * Payload writes an image's address with the site's origin (`serverURL`); pages and the API get it as a
 * path, so they work under any name the site is reached by (a proxy, a CDN, 127.0.0.1 or localhost).
 */
const pathOnly = (url: unknown) => (typeof url === 'string' && /^https?:\/\//.test(url) ? new URL(url).pathname : url)
const relativeUrls: CollectionAfterReadHook = ({ doc }) => {
  doc.url = pathOnly(doc.url)
  for (const size of Object.values((doc.sizes ?? {}) as Record<string, { url?: unknown }>)) {
    if (size) size.url = pathOnly(size.url)
  }
  return doc
}

export const Media: CollectionConfig = {
  slug: 'media',
  labels: { singular: 'Image', plural: 'Images' },
  admin: { group: 'Content' },
  access: {
    read: anyone,
    create: authenticated,
    update: authenticated,
    delete: authenticated,
  },
  fields: [
    {
      name: 'alt',
      label: 'Alternative text',
      type: 'text',
      required: true,
      maxLength: 200,
      admin: { description: 'Describe the image for people who cannot see it.' },
    },
  ],
  hooks: { beforeOperation: [nameFileByContent], afterRead: [relativeUrls] },
  upload: {
    staticDir,
    // A year in browsers and CDNs, with validators: every file's name carries its content's hash.
    handlers: [mediaFileHandler(staticDir)],
    modifyResponseHeaders: ({ headers }) => {
      headers.set('Cache-Control', IMMUTABLE)
      return headers
    },
    // Photos only, checked by their content (Payload reads the file's signature, not its name): no SVG,
    // which can carry script, and nothing else dressed up as an image.
    mimeTypes: [...IMAGE_TYPES],
    imageSizes: [
      {
        name: 'card',
        width: 640,
        height: 400,
        position: 'centre',
        formatOptions: { format: 'webp', options: { quality: 78 } },
      },
    ],
    adminThumbnail: 'card',
    formatOptions: { format: 'webp', options: { quality: 82 } },
  },
}
