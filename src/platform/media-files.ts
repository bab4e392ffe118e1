import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

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
 * What a stored image is answered with: the file, already open (what is checked is what is sent), its type
 * and size, and validators from its size and time. Whoever gets one closes `handle` or streams from it.
 */
type StoredImage = { handle: fs.promises.FileHandle; type: string; size: number; etag: string; lastModified: string }

/**
 * The stored image under this name in `staticDir`: null when there is none, or when the name or a symbolic
 * link leaves the folder (`evil.webp -> ../payload-secret`): only a regular file whose real path is inside
 * the real folder is one. 'other' for a file of a type this does not serve (SVG, with its own security
 * policy: Payload's). The file is opened once, without following a link at the last step, and checked
 * through that handle, so it cannot be swapped for a link between the check and the read.
 */
async function storedImage(staticDir: string, filename: string): Promise<StoredImage | 'other' | null> {
  const dir = path.resolve(staticDir)
  const file = path.resolve(dir, filename)
  if (!file.startsWith(dir + path.sep)) return null
  // The folder itself may be a link (data on another disk): what counts is where both really are.
  const real = await Promise.all([fs.promises.realpath(dir), fs.promises.realpath(file)]).catch(() => null)
  if (!real || !real[1].startsWith(real[0] + path.sep)) return null
  const handle = await fs.promises.open(real[1], fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW).catch(() => null)
  if (!handle) return null
  const stats = await handle.stat().catch(() => null)
  const type = CONTENT_TYPES[path.extname(filename).toLowerCase()]
  if (!stats?.isFile() || !type) {
    await handle.close()
    return stats?.isFile() ? 'other' : null
  }
  return {
    handle,
    type,
    size: stats.size,
    etag: `"${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}"`,
    lastModified: stats.mtime.toUTCString(),
  }
}

const notModified = (image: StoredImage, ifNoneMatch?: string, ifModifiedSince?: string): boolean =>
  fresh(
    { 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince },
    { etag: image.etag, 'last-modified': image.lastModified },
  )

const validators = (image: StoredImage) => ({
  'Cache-Control': IMMUTABLE,
  ETag: image.etag,
  'Last-Modified': image.lastModified,
})

/**
 * Serves a stored image with a year-long lifetime and validators (ETag, Last-Modified), answering 304 to a
 * conditional request. A name with no stored file behind it is answered 404 here (Payload's own answer is a
 * 500 and an error line with the path). Range requests and types it does not know (SVG, with its security
 * policy) are left to Payload's own file response (returning nothing), which gets the same Cache-Control.
 */
export function mediaFileHandler(staticDir: string) {
  const serve = async (req: PayloadRequest, filename: string): Promise<Response | undefined> => {
    const image = await storedImage(staticDir, filename)
    if (!image) return Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 })
    if (image === 'other') return
    if (req.headers.get('range')) return void (await image.handle.close())
    const headers = new Headers(validators(image))
    const ifNoneMatch = req.headers.get('if-none-match') ?? undefined
    if (notModified(image, ifNoneMatch, req.headers.get('if-modified-since') ?? undefined)) {
      await image.handle.close()
      return new Response(null, { status: 304, headers })
    }
    headers.set('Content-Type', image.type)
    headers.set('Content-Length', String(image.size))
    const body = Readable.toWeb(image.handle.createReadStream()) as ReadableStream<Uint8Array>
    return new Response(body, { status: 200, headers })
  }
  // Payload's handler type is Promise<Response> | Promise<void>; it falls back to its own response on none.
  return (req: PayloadRequest, args: { params: { filename: string } }) =>
    serve(req, args.params.filename) as Promise<Response>
}

/** Where the site's images are addressed (Payload's upload route under the API's prefix, payload.config.ts). */
const MEDIA_PATH = /^\/cms-api\/media\/file\/([\w.-]+)$/

/**
 * The same answer as `mediaFileHandler`, straight from the server (src/platform/server/serve.ts) without
 * Next's and Payload's request handling: images are public (Media's read access is `anyone`), and a page's
 * half-dozen of them then cost the server a file read each. Answers true when it took the request: a GET or
 * HEAD of a stored JPEG, PNG, WebP, AVIF or GIF, without a Range header; everything else (a name with no
 * file, a link out of the folder, SVG, ranges) is left to Payload's route, as before, whose handler above
 * answers 404 to a name with no stored file behind it.
 */
export async function answerStoredImage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  staticDir: string,
): Promise<boolean> {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return false
  const name = MEDIA_PATH.exec(req.url ?? '')?.[1]
  const image = name ? await storedImage(staticDir, name) : null
  if (!image || image === 'other') return false
  const ifNoneMatch = req.headers['if-none-match']
  if (notModified(image, ifNoneMatch, req.headers['if-modified-since'])) {
    await image.handle.close()
    res.writeHead(304, validators(image)).end()
    return true
  }
  res.writeHead(200, { ...validators(image), 'Content-Type': image.type, 'Content-Length': image.size })
  if (req.method === 'HEAD') {
    await image.handle.close()
    res.end()
  } else await pipeline(image.handle.createReadStream(), res).catch(() => res.destroy())
  return true
}
