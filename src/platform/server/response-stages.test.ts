import http from 'node:http'

import { describe, expect, it } from 'vitest'

import { throughStages, type ResponseStage } from './response-stages'

/** A stage that writes its name around what passes through `end`. */
const named =
  (name: string): ResponseStage =>
  (_req, res) => {
    const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse
    res.end = ((chunk?: unknown) => end(`${name}(${String(chunk ?? '')})`)) as typeof res.end
  }

describe('throughStages', () => {
  it('passes what the app writes through the stages in the order listed, skipping those that do not apply', async () => {
    const server = http.createServer((req, res) => {
      throughStages(req, res, [named('first'), false, named('second'), named('third')])
      res.end('app')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    const body = await (await fetch(`http://127.0.0.1:${port}/`)).text()
    server.close()
    expect(body).toBe('third(second(first(app)))')
  })
})
