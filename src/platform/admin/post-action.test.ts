import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postAction } from './post-action'

/** A real HTTP peer on loopback that answers each path as the admin's endpoints do. */
let server: Server
let base = ''
const received: unknown[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      received.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(raw) })
      const answers: Record<string, [number, string]> = {
        '/done': [200, JSON.stringify({ message: 'Cancelled. Ida has been told by e-mail.', erased: { calls: 1 } })],
        '/refused': [409, JSON.stringify({ errors: [{ message: 'This purchase is paid by card.' }] })],
        '/mute': [500, 'Internal Server Error'],
      }
      const [status, body] = answers[req.url!]!
      res.writeHead(status, { 'content-type': 'application/json' }).end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('postAction', () => {
  it('posts the body as JSON and reads the endpoint’s message and body', async () => {
    const answer = await postAction<{ erased: { calls: number } }>(`${base}/done`, { instalment: 2 })
    expect(received.at(-1)).toEqual({ method: 'POST', type: 'application/json', body: { instalment: 2 } })
    expect(answer).toEqual({
      ok: true,
      status: 200,
      text: 'Cancelled. Ida has been told by e-mail.',
      body: { message: 'Cancelled. Ida has been told by e-mail.', erased: { calls: 1 } },
    })
  })

  it('says a refusal in the endpoint’s first error, with its status', async () => {
    const answer = await postAction(`${base}/refused`, {}, { failed: 'The payment could not be marked received.' })
    expect(answer).toMatchObject({ ok: false, status: 409, text: 'This purchase is paid by card.' })
  })

  it('says the caller’s own words where the endpoint gives none', async () => {
    expect(await postAction(`${base}/mute`)).toMatchObject({
      ok: false,
      status: 500,
      text: 'That did not work. Please try again.',
    })
    expect(await postAction(`${base}/mute`, {}, { failed: 'The refund could not be made. Please try again.' })).toEqual(
      { ok: false, status: 500, body: {}, text: 'The refund could not be made. Please try again.' },
    )
  })

  it('says the site was not reached when nothing answers, in the caller’s words if given', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))

    expect(await postAction(`http://127.0.0.1:${port}/erase`)).toEqual({
      ok: false,
      status: 0,
      body: {},
      text: 'The site could not be reached. Please check your connection and try again.',
    })
    const unreached = 'The site did not answer; nothing may have been erased. Reload the page to see.'
    expect(await postAction(`http://127.0.0.1:${port}/erase`, {}, { unreached })).toMatchObject({ text: unreached })
  })
})
