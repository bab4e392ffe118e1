import http from 'node:http'
import net, { type AddressInfo } from 'node:net'

import { describe, expect, it, vi } from 'vitest'

import {
  ADMIN_API_MAX_BODY_BYTES,
  IMAGE_TOO_LARGE,
  IMAGE_UPLOAD_MAX_BODY_BYTES,
  LINGER_MS,
  PAGE_POST_MAX_BYTES,
  requestRefusal,
  sendRefusal,
} from './request-guard'

const post = (url: string, headers: Record<string, string>) => ({ method: 'POST', url, headers })
const host = { host: 'site.example' }

describe('requestRefusal', () => {
  it('takes a path and refuses any other request target (400)', () => {
    for (const url of ['/', '/about?x=1&%ZZ=%E0', '//elsewhere.example/', '/a%20b/%F0%9F%92%A9']) {
      expect(requestRefusal({ method: 'GET', url, headers: {} }), url).toBeNull()
    }
    for (const url of ['*', 'http://elsewhere.example/', 'http://[', '//[', '', '/api/%ZZ', '/x/%E0%A4%A', '/%C0%AE']) {
      expect(requestRefusal({ method: 'GET', url, headers: {} })?.status, url).toBe(400)
    }
  })

  it("refuses a form posted to a page from another origin (403), without a length (411) or past Next's limit (413)", () => {
    const length = { 'content-length': '10' }
    expect(
      requestRefusal(post('/schedule-and-contact', { ...host, ...length, origin: 'https://site.example' })),
    ).toBeNull()
    expect(requestRefusal(post('/schedule-and-contact', { ...host, ...length }))).toBeNull()
    for (const origin of ['https://elsewhere.example', 'null', 'not an origin']) {
      expect(requestRefusal(post('/schedule-and-contact', { ...host, ...length, origin }))?.status, origin).toBe(403)
    }
    // Behind a proxy, as Next compares: the host the proxy was asked for.
    const proxied = { host: 'app:3000', 'x-forwarded-host': 'site.example', ...length }
    expect(requestRefusal(post('/', { ...proxied, origin: 'https://site.example' }))).toBeNull()
    expect(requestRefusal(post('/', host))?.status).toBe(411)
    expect(requestRefusal(post('/', { ...host, 'content-length': String(PAGE_POST_MAX_BYTES + 1) }))?.status).toBe(413)
  })

  it('leaves the bodies of the form endpoints and Payload to their routes', () => {
    for (const url of ['/api/contact', '/cms-api/users/login', '/api']) {
      expect(requestRefusal(post(url, { ...host, origin: 'https://elsewhere.example' })), url).toBeNull()
    }
  })
})

describe("requestRefusal on the admin's API", () => {
  const sized = (bytes: number) => ({ ...host, 'content-length': String(bytes) })

  it('bounds every body before Payload reads it: a megabyte, images a little over their limit (413)', () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      for (const url of [
        '/cms-api/users/login',
        '/cms-api/users/LOGIN',
        '/cms-api/books/1',
        '/cms-api/globals/home-page',
        '/cms-api',
      ]) {
        const at = { method, url }
        expect(requestRefusal({ ...at, headers: sized(ADMIN_API_MAX_BODY_BYTES) }), `${method} ${url}`).toBeNull()
        expect(requestRefusal({ ...at, headers: sized(ADMIN_API_MAX_BODY_BYTES + 1) }), `${method} ${url}`).toEqual({
          status: 413,
          message: 'The request is too large.',
          api: true,
        })
      }
    }
    // The Images collection, as Payload finds it (its slug exactly, an escape decoded), takes an image.
    for (const url of ['/cms-api/media', '/cms-api/media/', '/cms-api/media/12', '/cms-api/%6Dedia?depth=0']) {
      expect(requestRefusal(post(url, sized(IMAGE_UPLOAD_MAX_BODY_BYTES))), url).toBeNull()
      expect(requestRefusal(post(url, sized(IMAGE_UPLOAD_MAX_BODY_BYTES + 1))), url).toEqual({
        status: 413,
        message: IMAGE_TOO_LARGE,
        api: true,
      })
    }
    // Any other spelling is no upload, so it gets the megabyte.
    for (const url of ['/cms-api/Media', '/cms-api/media/file/x.png/y', '/cms-api/users?x=/cms-api/media']) {
      expect(requestRefusal(post(url, sized(ADMIN_API_MAX_BODY_BYTES + 1)))?.status, url).toBe(413)
    }
  })

  it('refuses a body without a stated length (411), which could otherwise run on without end', () => {
    const chunked = { ...host, 'transfer-encoding': 'chunked' }
    expect(requestRefusal(post('/cms-api/users/login', chunked))?.status).toBe(411)
    expect(requestRefusal(post('/cms-api/media', chunked))?.status).toBe(411)
    // The public form endpoints read bodies of their own, at most 64 KB whatever is stated.
    expect(requestRefusal(post('/api/contact', chunked))).toBeNull()
  })
})

describe('sendRefusal', () => {
  /**
   * A real server refusing every request, and a client sending an endless body (64 KB every 10 ms) that
   * reads nothing for its first 300 ms, as a busy client would: a server that closed at once would meet its
   * next chunk with a reset, and the reset throws the unread answer away.
   */
  async function endlessPost(headers: Record<string, string>) {
    const server = http.createServer((req, res) => sendRefusal(req, res, requestRefusal(req)!))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    try {
      return await new Promise<{ status: number; body: string }>((resolve, reject) => {
        let answer: { status: number; body: string } | undefined
        const req = http.request({ host: '127.0.0.1', port, path: '/about', method: 'POST', headers }, (res) => {
          let body = ''
          res.on('data', (c: Buffer) => (body += c.toString()))
          res.on('end', () => (answer = { status: res.statusCode!, body }))
        })
        const chunk = Buffer.alloc(64 * 1024, 0x41)
        const pump = () => {
          if (!req.destroyed) req.write(chunk, () => setTimeout(pump, 10))
        }
        req.on('socket', (socket) => {
          socket.pause()
          setTimeout(() => socket.resume(), 300)
          socket.on('close', () => (answer ? resolve(answer) : reject(new Error('no answer'))))
        })
        req.on('error', () => {}) // the end of the lingering time
        pump()
      })
    } finally {
      server.close()
    }
  }

  it('answers a body it will not read, and closes lingering: the client hears the answer, then the connection ends', async () => {
    for (const [headers, text] of [
      [{ 'transfer-encoding': 'chunked' }, 'A form post must state its length.'],
      [{ 'content-length': String(100 * PAGE_POST_MAX_BYTES) }, 'The form is too large.'],
    ] as const) {
      const outcome = await endlessPost({ host: 'site.example', ...headers })
      expect(outcome.body).toBe(text)
      expect(outcome.status).toBe(text.startsWith('A form') ? 411 : 413)
      // `endlessPost` resolves only once the connection is closed with the answer heard: a server that kept
      // reading the endless body would leave this test to its timeout. No bound in milliseconds on a busy machine.
    }
  }, 15_000)

  it('cuts off a client that goes on sending after the answer, once the lingering time is over', async () => {
    // The server's clock only (its setTimeout): the lingering time passes when the test says so, not on a busy
    // machine's wall clock. The client below paces itself with setImmediate, which stays real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const server = http.createServer((req, res) => sendRefusal(req, res, requestRefusal(req)!))
    let serverSide: net.Socket | undefined
    server.on('connection', (socket) => (serverSide = socket))
    try {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const { port } = server.address() as AddressInfo
      // A raw socket that ignores the server's end of sending and keeps writing chunks of the body.
      const socket = net.connect({ host: '127.0.0.1', port, allowHalfOpen: true }, () => {
        socket.write('POST /about HTTP/1.1\r\nHost: site.example\r\nTransfer-Encoding: chunked\r\n\r\n')
        const chunk = `10000\r\n${'A'.repeat(0x10000)}\r\n`
        const pump = () => {
          if (!socket.destroyed) socket.write(chunk, () => setImmediate(pump))
        }
        pump()
      })
      socket.on('error', () => {})
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
      let heard = ''
      socket.on('data', (c: Buffer) => (heard += c.toString()))
      // The server has sent its whole answer and stopped sending: the lingering time starts.
      await new Promise<void>((resolve) => socket.on('end', () => resolve()))
      expect(heard).toMatch(/^HTTP\/1\.1 411 Length Required\r\n/)
      expect(heard.endsWith('\r\n\r\n22\r\nA form post must state its length.\r\n0\r\n\r\n')).toBe(true)
      vi.advanceTimersByTime(LINGER_MS - 1)
      expect(serverSide!.destroyed).toBe(false)
      vi.advanceTimersByTime(1)
      expect(serverSide!.destroyed).toBe(true)
      await closed
    } finally {
      vi.useRealTimers()
      server.close()
    }
  })
})
