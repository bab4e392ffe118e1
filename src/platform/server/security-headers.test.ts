import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { applyContentSecurityPolicy, contentSecurityPolicy, inlineScriptHashes } from './security-headers'

const sha = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`

describe('the Content-Security-Policy', () => {
  it('allows scripts from the site and the listed inline scripts only; no plugins, base or framing', () => {
    const policy = contentSecurityPolicy([sha('a()')])
    expect(policy).toContain(`script-src 'self' '${sha('a()')}'`)
    expect(policy).not.toMatch(/unsafe-inline'[^;]*;[^;]*script|script-src[^;]*unsafe/)
    for (const d of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      'frame-src https://www.youtube-nocookie.com',
    ]) {
      expect(policy).toContain(d)
    }
  })

  it('hashes each inline script exactly, skipping external scripts and data blocks', () => {
    const html = [
      '<script>self.__next_f.push([1,"x"])</script>',
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      '<script type="application/ld+json">{"@type":"Person"}</script>',
      '<SCRIPT type="text/javascript">\n b() \n</SCRIPT>',
      '<script>self.__next_f.push([1,"x"])</script>',
    ].join('')
    expect(inlineScriptHashes(html)).toEqual([sha('self.__next_f.push([1,"x"])'), sha('\n b() \n')])
  })
})

describe('a response through applyContentSecurityPolicy', () => {
  let server: http.Server
  let url = ''
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      applyContentSecurityPolicy(req, res)
      if (req.url === '/page') {
        res.setHeader('Content-Type', 'text/html; charset=utf-8')
        res.setHeader('Content-Length', Buffer.byteLength('<p>hi</p><script>go()</script>'))
        res.write('<p>hi</p><scr')
        setTimeout(() => res.end('ipt>go()</script>'), 20)
      } else if (req.url === '/not-modified') {
        res.writeHead(304, { 'Content-Type': 'text/html' })
        res.end()
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end('{"ok":true}')
      }
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  it('sends an HTML page whole, with the hash of the script it holds, even when written in pieces', async () => {
    const res = await fetch(`${url}/page`)
    expect(await res.text()).toBe('<p>hi</p><script>go()</script>')
    expect(res.headers.get('content-security-policy')).toContain(`'${sha('go()')}'`)
  })

  it('gives anything else the policy without hashes, and a 304 none', async () => {
    const json = await fetch(`${url}/data`)
    expect(await json.json()).toEqual({ ok: true })
    expect(json.headers.get('content-security-policy')).toBe(contentSecurityPolicy())
    const notModified = await fetch(`${url}/not-modified`)
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('content-security-policy')).toBeNull()
  })
})
