import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { PayloadRequest } from 'payload'

import { answerStoredImage, IMMUTABLE, mediaFileHandler } from './media-files'

/** A real server that answers stored images the way the site's server does, and 'left' for the rest. */
let base = ''
let server: http.Server
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-media-'))
/** The same folder reached through a link (an install whose media live on another disk). */
const linkedDir = `${dir}-linked`
const outside = path.join(os.tmpdir(), 'coach-media-outside.webp')
const webp = Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 fake image bytes', 'latin1')

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, 'portrait-0123456789-640x400.webp'), webp)
  fs.writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  fs.writeFileSync(outside, 'the secret, not an image')
  // Links in the folder: out of it (to a file beside it, to the system's), and one to an image in it.
  fs.symlinkSync('../coach-media-outside.webp', path.join(dir, 'leak-0123456789.webp'))
  fs.symlinkSync('/etc/passwd', path.join(dir, 'passwd.webp'))
  fs.symlinkSync(outside, path.join(dir, 'leak.svg'))
  fs.symlinkSync('portrait-0123456789-640x400.webp', path.join(dir, 'alias-0123456789.webp'))
  fs.symlinkSync(dir, linkedDir)
  server = http.createServer((req, res) => {
    void answerStoredImage(req, res, req.headers['x-linked'] ? linkedDir : dir).then((sent) => {
      if (!sent) res.writeHead(299).end('left')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
  fs.rmSync(dir, { recursive: true, force: true })
  fs.rmSync(linkedDir, { force: true })
  fs.rmSync(outside, { force: true })
})

const image = '/cms-api/media/file/portrait-0123456789-640x400.webp'

describe('stored images, straight from the server', () => {
  it('sends the file with its type, a year-long lifetime and validators; HEAD sends the headers alone', async () => {
    const res = await fetch(`${base}${image}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(res.headers.get('content-length')).toBe(String(webp.length))
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/)
    expect(Buffer.from(await res.arrayBuffer())).toEqual(webp)
    const head = await fetch(`${base}${image}`, { method: 'HEAD' })
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, String(webp.length), ''])
  })

  it('answers 304 to a browser that has it', async () => {
    const etag = (await fetch(`${base}${image}`)).headers.get('etag')!
    const again = await fetch(`${base}${image}`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(again.headers.get('cache-control')).toBe(IMMUTABLE)
  })

  it("leaves to Payload's route what is not a stored photo: no such file, SVG, a range, a way out of the folder, a post", async () => {
    const left = async (url: string, init?: RequestInit) => {
      const res = await fetch(`${base}${url}`, init)
      return res.status === 299 && (await res.text()) === 'left'
    }
    expect(await left('/cms-api/media/file/nothing-here.webp')).toBe(true)
    expect(await left('/cms-api/media/file/logo.svg')).toBe(true)
    expect(await left(image, { headers: { range: 'bytes=0-3' } })).toBe(true)
    expect(await left('/cms-api/media/file/..%2Fcoach-media-outside.webp')).toBe(true)
    expect(await left('/cms-api/media/file/../coach-media-outside.webp')).toBe(true)
    expect(await left(image, { method: 'POST', body: 'x' })).toBe(true)
    expect(await left(`${image}?v=1`)).toBe(true)
  })

  it('never sends a file that a link in the folder points to outside it; a folder that is itself a link still serves', async () => {
    for (const name of ['leak-0123456789.webp', 'passwd.webp', 'leak.svg']) {
      const res = await fetch(`${base}/cms-api/media/file/${name}`)
      expect([res.status, await res.text()], name).toEqual([299, 'left'])
    }
    // Payload's route, where those go on to, answers them as a name with no image: 404, nothing read.
    const viaPayload = (filename: string, headers: Record<string, string> = {}) =>
      mediaFileHandler(dir)(new Request(`${base}/x`, { headers }) as unknown as PayloadRequest, {
        params: { filename },
      })
    for (const name of ['leak-0123456789.webp', 'passwd.webp', 'leak.svg']) {
      for (const headers of [{}, { range: 'bytes=0-9' }] as Record<string, string>[]) {
        const res = await viaPayload(name, headers)
        expect([res.status, await res.text()], name).toEqual([404, '{"errors":[{"message":"Not Found"}]}'])
      }
    }
    // An SVG that is really in the folder is still Payload's to send (with its own policy); an image is sent.
    expect(await viaPayload('logo.svg')).toBeUndefined()
    const sent = await viaPayload('portrait-0123456789-640x400.webp')
    expect([sent.status, Buffer.from(await sent.arrayBuffer())]).toEqual([200, webp])
    // A link that stays in the folder, or the folder reached through a link, is the image itself.
    const alias = await fetch(`${base}/cms-api/media/file/alias-0123456789.webp`)
    expect([alias.status, Buffer.from(await alias.arrayBuffer())]).toEqual([200, webp])
    const linked = await fetch(`${base}${image}`, { headers: { 'x-linked': '1' } })
    expect([linked.status, Buffer.from(await linked.arrayBuffer())]).toEqual([200, webp])
    const linkedLeak = await fetch(`${base}/cms-api/media/file/leak-0123456789.webp`, { headers: { 'x-linked': '1' } })
    expect(linkedLeak.status).toBe(299)
  })
})
