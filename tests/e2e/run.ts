/**
 * Browser tests against the production build: builds if needed, then serves three copies of the build
 * (one per database state: seeded, empty, unreachable) through the real `npm start` script, runs the
 * Playwright tests in Vitest, and stops everything.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { rebuildReason } from '../../scripts/lib/build-stamp'

const root = path.resolve(import.meta.dirname, '../..')
process.chdir(root)

const reason = rebuildReason('.next')
if (reason) {
  console.log(`Building (${reason})...`)
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

type Scenario = { name: string; port: number; env: Record<string, string> }
const scenarios: Scenario[] = [
  { name: 'seeded', port: 3301, env: {} },
  { name: 'empty', port: 3302, env: { SEED_ON_START: 'false' } },
  // Nothing listens on port 9: the database is unreachable.
  { name: 'down', port: 3303, env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:9/unreachable' } },
]

const servers: ChildProcess[] = []
const tempDirs: string[] = []
const cleanup = () => {
  for (const s of servers) if (s.exitCode === null) s.kill('SIGTERM')
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true })
}
process.on('exit', cleanup)
process.on('SIGINT', () => process.exit(130))

async function startServer(s: Scenario): Promise<string> {
  // Each server gets its own copy of the build: rendered pages are cached on disk inside it.
  const distDir = `.next-e2e-${s.name}`
  fs.rmSync(distDir, { recursive: true, force: true })
  fs.cpSync('.next', distDir, { recursive: true, filter: (src) => !/[\\/](cache|route-cache)$/.test(src) })
  tempDirs.push(distDir)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `coach-e2e-${s.name}-`))
  tempDirs.push(dataDir)
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      PORT: String(s.port),
      NEXT_DIST_DIR: distDir,
      DATA_DIR: dataDir,
      PAYLOAD_SECRET: 'e2e-secret',
      DATABASE_URL: '',
      ...s.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  servers.push(child)
  const log = fs.createWriteStream(path.join(os.tmpdir(), `coach-e2e-${s.name}.log`))
  child.stderr?.pipe(log)
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`${s.name} server did not start:\n${out.slice(-3000)}`)), 120_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      log.write(chunk)
      out += chunk.toString()
      if (out.includes('Admin: ')) {
        clearTimeout(timer)
        resolve(`http://localhost:${s.port}`)
      }
    })
    child.on('exit', (code) => reject(new Error(`${s.name} server exited with ${code}:\n${out.slice(-3000)}`)))
  })
}

const started = Date.now()
const urls = await Promise.all(scenarios.map(startServer))
console.log(`Servers ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${urls.join(', ')}`)

const vitest = spawnSync(
  process.execPath,
  [path.join('node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'vitest.e2e.config.ts'],
  {
    stdio: 'inherit',
    env: { ...process.env, E2E_SEEDED_URL: urls[0], E2E_EMPTY_URL: urls[1], E2E_DOWN_URL: urls[2] },
  },
)
cleanup()
process.exit(vitest.status ?? 1)
