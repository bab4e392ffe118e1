import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { format } from 'node:util'

import type { Config } from 'payload'

/**
 * The server's log: one JSON object per line (`time`, `level`, `msg`, and `requestId` when the line was
 * written while answering a request), from the site's own code (console.*) and from Payload (pino) alike, so
 * a log collector can read it and a request's lines can be found by the id its answer carried
 * (`X-Request-Id`). Personal data never reaches it: e-mail addresses and IP addresses are masked in every
 * line, whatever wrote it, and the code logs ids, never what a visitor typed. Requests themselves are not
 * logged here (the proxy in front keeps the access log).
 */

type Level = 'debug' | 'info' | 'warn' | 'error'
type RequestScope = { requestId: string }

// One store per process: the server and the app's bundle each load this module.
const STORE = Symbol.for('coach.log.request-scope')
const scopes = ((globalThis as { [STORE]?: AsyncLocalStorage<RequestScope> })[STORE] ??=
  new AsyncLocalStorage<RequestScope>())

export const currentRequestId = (): string | undefined => scopes.getStore()?.requestId

/** Runs `fn` as part of answering one request: every line it logs carries the id. */
export const withRequestId = <T>(requestId: string, fn: () => T): T => scopes.run({ requestId }, fn)

/** The id of a request: the proxy's, when one we trust sent a sane one, else a new one. */
export function requestIdFor(incoming: string | string[] | undefined, trustProxy: boolean): string {
  return trustProxy && typeof incoming === 'string' && /^[\w.:-]{8,128}$/.test(incoming) ? incoming : randomUUID()
}

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi
const IPV4 = /\b(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}\b/g
// Full and compressed IPv6 forms (at least two groups around a "::", or eight groups).
const IPV6 =
  /\b(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}\b|\b(?:[0-9a-f]{1,4}:){1,6}:(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){0,5})?\b|::ffff:[\d.]+|::1\b/gi

/** The text with e-mail and IP addresses masked. */
export const redact = (text: string): string =>
  text.replace(EMAIL, '[email]').replace(IPV6, '[address]').replace(IPV4, '[address]')

/** One log line as written (without the newline). */
export function logLine(level: Level, message: string, now = new Date()): string {
  const requestId = currentRequestId()
  return JSON.stringify({ time: now.toISOString(), level, msg: redact(message), ...(requestId ? { requestId } : {}) })
}

const CONSOLE = Symbol.for('coach.log.console-installed')

/** console.log/info/debug (to stdout) and console.warn/error (to stderr) write JSON lines from now on. */
export function installJsonConsole(): void {
  const g = globalThis as { [CONSOLE]?: boolean }
  if (g[CONSOLE]) return
  g[CONSOLE] = true
  const to =
    (stream: NodeJS.WriteStream, level: Level) =>
    (...args: unknown[]) =>
      void stream.write(`${logLine(level, format(...args))}\n`)
  console.log = to(process.stdout, 'info')
  console.info = to(process.stdout, 'info')
  console.debug = to(process.stdout, 'debug')
  console.warn = to(process.stderr, 'warn')
  console.error = to(process.stderr, 'error')
  // Node's and libraries' warnings (deprecations and the like) become warn lines too.
  process.emitWarning = ((warning: string | Error, options?: unknown) => {
    const type = typeof options === 'string' ? options : ((options as { type?: string } | undefined)?.type ?? 'Warning')
    console.warn(`${type}: ${typeof warning === 'string' ? warning : warning.message}`)
  }) as typeof process.emitWarning
}

/** Payload's logger (pino) writing the same lines: level names, ISO times, the request id, masked. */
export const payloadLogger: Config['logger'] = {
  options: {
    name: 'payload',
    level: process.env.LOG_LEVEL ?? 'info',
    base: null,
    messageKey: 'msg',
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const requestId = currentRequestId()
      return requestId ? { requestId } : {}
    },
    hooks: {
      streamWrite: redact,
      // A visitor who closes the page while their request is still being read is not a server error.
      logMethod(args, method, level) {
        const err = (args[0] as { err?: { code?: unknown; message?: unknown; status?: unknown } } | undefined)?.err
        if (level >= 50 && err?.code === 'ECONNRESET' && err.message === 'aborted') {
          return this.info('The client closed the connection before its request was read.')
        }
        // Nor is a request Payload refuses with a 4xx (an expired reset link, a query for a field that does not
        // exist): Payload logs every error it answers as an error unless told its name (loggingLevels).
        if (level >= 50 && typeof err?.status === 'number' && err.status >= 400 && err.status < 500) {
          return this.info(typeof err.message === 'string' ? err.message : 'A request was refused.')
        }
        return method.apply(this, args)
      },
    },
  },
}
