import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { redact } from '../../src/platform/log'
import { DEV_DIST_SUBDIR } from '../../src/platform/next-internals'
import { rebuildReason } from './build-stamp'
import { SERVER_NODE_FLAGS, serverProgramPath } from './server-program'
import { startSmtpPeer, type SmtpPeer } from './smtp-peer'

// The server program's own start-up steps, kept apart so the server's build never imports the test helpers
// below (the SMTP peer, and with it smtp-server, would be loaded by every production server).
export { waitForServer, warmUp } from './start-up'

/**
 * A running server; `stop` sends SIGTERM, waits for the process to end and for all it wrote to be in its log
 * file, and gives its exit code.
 */
export type RunningSite = {
  url: string
  /** The server's process: the site's whole process tree hangs below it. */
  pid: number
  dataDir: string
  logFile: string
  stop: () => Promise<number | null>
}

/** A private copy of the production build, without pages rendered at run time by another server. */
export function copyBuild(name: string): string {
  const distDir = `.next-${name}`
  fs.rmSync(distDir, { recursive: true, force: true })
  // Not Next's caches, nor a development server's folder (`npm run dev` writes into .next/dev), nor the
  // source maps (half the build's size; a server without --enable-source-maps never reads them).
  fs.cpSync('.next', distDir, {
    recursive: true,
    filter: (src) =>
      !/[\\/](cache|route-cache)$/.test(src) && !src.endsWith('.map') && src !== path.join('.next', DEV_DIST_SUBDIR),
  })
  return distDir
}

/**
 * Serves a private copy of the production build (so rendered pages cached on disk by one server never leak
 * into another) through the server program as `npm start` runs it, with its own data folder. Used by the browser tests and
 * the benchmarks. With `distDir`, serves that existing copy as it is and leaves it in place (a restart test
 * starts one build again); with `startFrom`, the data folder starts as a copy of that one.
 */
export async function startBuildCopy(
  name: string,
  port: number,
  env: Record<string, string>,
  options: {
    dataDir?: string
    distDir?: string
    timeoutMs?: number
    startFrom?: string
    /** Node's flags for the server: `npm start`'s unless given (the browser tests give their own). */
    nodeFlags?: readonly string[]
  } = {},
): Promise<RunningSite> {
  const ownBuild = !options.distDir
  const distDir = options.distDir ?? copyBuild(name)
  // A given data folder outlives the server (a restart test starts a second server on it).
  const ownData = !options.dataDir
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `coach-${name}-`))
  // What the data folder starts with: a copy of another (a seeded one, tests/support/database.ts).
  if (options.startFrom) fs.cpSync(options.startFrom, dataDir, { recursive: true })
  const child = spawn(process.execPath, [...(options.nodeFlags ?? SERVER_NODE_FLAGS), serverProgramPath(distDir)], {
    env: {
      ...process.env,
      PORT: String(port),
      NEXT_DIST_DIR: distDir,
      DATA_DIR: dataDir,
      PAYLOAD_SECRET: `${name}-secret`,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const logFile = path.join(os.tmpdir(), `coach-${name}-${port}.log`)
  const log = fs.createWriteStream(logFile)
  child.stderr?.pipe(log, { end: false })
  // The log is whole once the server's output has ended (both pipes closed) and the file has taken it all.
  const logged = new Promise<void>((resolve) => child.on('close', () => log.end(resolve)))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    const code = await exited
    await logged
    if (ownBuild) fs.rmSync(distDir, { recursive: true, force: true })
    if (ownData) fs.rmSync(dataDir, { recursive: true, force: true })
    return code
  }
  return new Promise((resolve, reject) => {
    let out = ''
    const fail = (why: string) => {
      void stop()
      reject(new Error(`${name}: ${why}\n${out.slice(-3000)}`))
    }
    const timer = setTimeout(
      () => fail('the server did not start in time'),
      options.timeoutMs ?? Number(process.env.E2E_START_TIMEOUT_MS || 120_000),
    )
    child.stdout?.on('data', (chunk: Buffer) => {
      log.write(chunk)
      out += chunk.toString()
      if (out.includes('Admin: ')) {
        clearTimeout(timer)
        resolve({ url: `http://localhost:${port}`, pid: child.pid as number, dataDir, logFile, stop })
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      fail(`the server exited with ${code}`)
    })
  })
}

/** Where every benchmark starts: in the project's folder, with a production build as fresh as the sources. */
export function benchFromFreshBuild(): void {
  process.chdir(path.resolve(import.meta.dirname, '../..'))
  buildIfNeeded()
}

/** The database of a benchmark's server: DATABASE_URL when set, else (nothing said) a SQLite file of its own. */
export const benchDatabase = (): Record<string, string> =>
  process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}

/** Builds when the sources (or SITE_URL) changed since the last build. */
export function buildIfNeeded(): void {
  const reason = rebuildReason('.next')
  if (!reason) return
  console.log(`Building (${reason})...`)
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/**
 * The lines of a server's log that report an error (Next's and Payload's formats), for tests to assert on;
 * `expected` leaves out the errors a test causes on purpose (a database that is down).
 */
export function serverErrorLines(logFile: string, expected?: RegExp): string[] {
  const plain = fs.readFileSync(logFile, 'utf8').replace(/\x1b\[[0-9;]*m/g, '')
  return plain
    .split('\n')
    .filter((line) => (line.startsWith('{') ? isErrorEntry(line) : isErrorText(line)))
    .filter((line) => !expected?.test(line))
}

/** What `npm start` prints for people (the address and the login hint); every other line is JSON. */
const BANNER = /^(\s*|  (Site|Admin): .*|  (First run|Log in).*)$/

/**
 * Lines of a server's log that break its rules (src/platform/log.ts): not a JSON object (and not the
 * banner), or holding an e-mail or IP address.
 */
export function logRuleBreaks(logFile: string): string[] {
  return fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => {
      if (BANNER.test(line)) return false
      try {
        JSON.parse(line)
      } catch {
        return true
      }
      return redact(line) !== line
    })
}

/** A JSON log line (src/platform/log.ts, or Payload's pino) at level error or fatal. */
function isErrorEntry(line: string): boolean {
  try {
    const { level } = JSON.parse(line) as { level?: unknown }
    return level === 'error' || level === 'fatal' || (typeof level === 'number' && level >= 50)
  } catch {
    return isErrorText(line)
  }
}

/** What Next and Node write straight to the terminal when something fails. */
const isErrorText = (line: string): boolean => /^\s*(Error|TypeError|\w+Error):|\bERROR\b|⨯|Unhandled/.test(line)

/**
 * The server of a mail benchmark: from a fresh build (benchFromFreshBuild), a copy of it whose mail goes to an
 * SMTP peer of its own on loopback.
 */
export async function startMailBenchSite(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<{ smtp: SmtpPeer; site: RunningSite }> {
  benchFromFreshBuild()
  const smtp = await startSmtpPeer()
  const site = await startBuildCopy(name, port, { ...env, SMTP_URL: smtp.url })
  return { smtp, site }
}
