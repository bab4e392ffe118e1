import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'

import fresh from 'fresh'
import type { CollectionBeforeOperationHook, PayloadRequest } from 'payload'

/** Every stored file's name carries its content's hash, so a file under a given address never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
}

/**
 * Names an uploaded file after its content (`portrait-3f9a1c2b.jpg`, and its sizes after that): an image
 * replaced in the admin gets a new address, so no browser or CDN can keep showing the old one, while each
 * address can be cached for a year.
 */
export const nameFileByContent: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  const file = req.file
  if ((operation === 'create' || operation === 'update') && file?.data?.length) {
    const hash = createHash('sha256').update(file.data).digest('hex').slice(0, 10)
    const ext = path.extname(file.name)
    const base = path.basename(file.name, ext).replace(/-[0-9a-f]{10}$/, '')
    file.name = `${base}-${hash}${ext}`
  }
  return args
}

/**
 * Serves a stored image with a year-long lifetime and validators (ETag, Last-Modified), answering 304 to a
 * conditional request. A name with no stored file behind it is answered 404 here (Payload's own answer is a
 * 500 and an error line with the path). Range requests and types it does not know (SVG, with its security
 * policy) are left to Payload's own file response (returning nothing), which gets the same Cache-Control.
 */
export function mediaFileHandler(staticDir: string) {
  const serve = async (req: PayloadRequest, filename: string): Promise<Response | undefined> => {
    const dir = path.resolve(staticDir)
    const file = path.resolve(dir, filename)
    const stats = file.startsWith(dir + path.sep) ? await fs.promises.stat(file).catch(() => null) : null
    if (!stats?.isFile()) return Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 })
    const type = CONTENT_TYPES[path.extname(filename).toLowerCase()]
    if (!type || req.headers.get('range')) return

    const headers = new Headers({
      'Cache-Control': IMMUTABLE,
      ETag: `"${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}"`,
      'Last-Modified': stats.mtime.toUTCString(),
    })
    const conditional = {
      'if-none-match': req.headers.get('if-none-match') ?? undefined,
      'if-modified-since': req.headers.get('if-modified-since') ?? undefined,
    }
    if (fresh(conditional, { etag: headers.get('ETag')!, 'last-modified': headers.get('Last-Modified')! })) {
      return new Response(null, { status: 304, headers })
    }
    headers.set('Content-Type', type)
    headers.set('Content-Length', String(stats.size))
    const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>
    return new Response(body, { status: 200, headers })
  }
  // Payload's handler type is Promise<Response> | Promise<void>; it falls back to its own response on none.
  return (req: PayloadRequest, args: { params: { filename: string } }) =>
    serve(req, args.params.filename) as Promise<Response>
}
