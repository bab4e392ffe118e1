/**
 * `npm start` runs the compiled server with the same Node flags the tests and benchmarks use
 * (scripts/lib/server-program.ts), so what is measured is what a coach runs.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { SERVER_NODE_FLAGS, SERVER_PROGRAM } from '../../../scripts/lib/server-program'
import { treeRss } from '../../../scripts/lib/memory'

const root = path.resolve(import.meta.dirname, '../../..')
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }

describe('npm start', () => {
  it('builds if needed, then runs the compiled server with the server flags', () => {
    expect(pkg.scripts.start).toBe(
      `node --import tsx scripts/build-if-needed.ts && node ${SERVER_NODE_FLAGS.join(' ')} .next/${SERVER_PROGRAM}`,
    )
  })

  it('the container image runs the same compiled server with the same flags', () => {
    const dockerfile = fs.readFileSync(path.join(root, 'deploy', 'Dockerfile'), 'utf8')
    const command = ['node', ...SERVER_NODE_FLAGS, `.next/${SERVER_PROGRAM}`]
    expect(dockerfile).toContain(`CMD ["${command.join('", "')}"]`)
  })

  it('the memory reading counts a process and the processes it started', async () => {
    const { spawn } = await import('node:child_process')
    // A shell that starts a child holding 64 MB: the tree is at least the child's share larger than the shell.
    const shell = spawn(
      'sh',
      ['-c', `node -e "globalThis.b = Buffer.alloc(64 * 1024 * 1024, 1); setTimeout(() => {}, 10000)" & wait`],
      {
        detached: true,
      },
    )
    try {
      await expect.poll(() => treeRss(shell.pid!), { timeout: 10_000 }).toBeGreaterThan(64 * 1024 * 1024)
      expect(treeRss(-1)).toBe(0)
    } finally {
      process.kill(-shell.pid!, 'SIGKILL')
    }
  })
})
