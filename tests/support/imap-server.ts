import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { ImapFlow } from 'imapflow'

/**
 * Debian's Dovecot (`apt-get install -y dovecot-imapd`, 2.3 on Debian 12), a real IMAP server for the tests
 * of the bounce mailbox: a private instance per call, with a configuration of its own in a temporary folder
 * (nothing of /etc/dovecot is read), plain IMAP on a free loopback port, one user, its mail in that folder.
 * It runs in the foreground as a child of the test (`dovecot -F`), as the user running the tests.
 */
export const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot'

export type ImapServer = {
  host: string
  port: number
  user: string
  pass: string
  /** Puts a message in a mailbox (created if missing) as new mail: unseen, like a delivery. */
  deliver: (raw: string | Buffer, mailbox?: string) => Promise<void>
  /** The messages of a mailbox in UID order: their flags and Message-ID. */
  messages: (mailbox?: string) => Promise<{ uid: number; seen: boolean; messageId: string | undefined }[]>
  /** Ends Dovecot and removes its folder. */
  stop: () => Promise<void>
}

const USER = 'bounces'
// What Dovecot says once its login and auth processes are up, before that it greets with "Waiting for
// authentication process to respond".
const GREETING = 'coach test IMAP ready'
const START_TIMEOUT_MS = 15_000

/** A port free on loopback now (Dovecot binds it moments later; a clash is retried by startImapServer). */
async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * The configuration (Dovecot 2.3 syntax; `dovecot -n -c <file>` prints what it understood). Dovecot drops
 * privileges per process, which shapes the users below:
 * - As root (CI): login processes refuse to run as root ("This process must not be run as root"), so they
 *   run as `dovenull` and the internal ones (auth, anvil) as `dovecot`, the two users the package creates.
 *   Mail is never accessed as root either ("Mail access not allowed for root", not a setting), so the
 *   mailbox belongs to `nobody`/`nogroup`, who exist on every Debian system.
 * - As anyone else: a process cannot change user, so every one of them, mail included, is the current user.
 * Chroot needs root, so it is off for the login processes and anvil (Dovecot's "rootless" setup); on
 * loopback, for a test, nothing is lost. No TLS (`ssl = no`), so plaintext logins must be allowed.
 */
function dovecotConfig(dir: string, port: number, mailUser: { uid: number; gid: number }): string {
  const me = os.userInfo()
  const root = me.uid === 0
  return `
instance_name = coach-imap-test-${path.basename(dir)}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain
# A wrong password is answered at once (the test of one need not wait).
auth_failure_delay = 0
login_greeting = ${GREETING}
default_login_user = ${root ? 'dovenull' : me.username}
default_internal_user = ${root ? 'dovecot' : me.username}
default_internal_group = ${root ? 'dovecot' : groupName(me.gid)}
mail_uid = ${mailUser.uid}
mail_gid = ${mailUser.gid}
first_valid_uid = ${Math.min(mailUser.uid, 500)}
first_valid_gid = ${Math.min(mailUser.gid, 500)}
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = home=${dir}/home/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
  # No auth penalty: after a wrong password, Dovecot would hold the next logins from the address for seconds.
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
`
}

/** The name of a group id (Dovecot takes names for default_internal_group). */
function groupName(gid: number): string {
  const line = fs
    .readFileSync('/etc/group', 'utf8')
    .split('\n')
    .find((l) => l.split(':')[2] === String(gid))
  return line?.split(':')[0] ?? String(gid)
}

/** Resolves once Dovecot greets as ready on the port; rejects when `stopped` resolves first or time runs out. */
async function ready(port: number, exited: Promise<unknown>, log: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  let gone = false
  void exited.then(() => (gone = true))
  while (Date.now() < deadline) {
    if (gone) throw new Error(`Dovecot exited while starting:\n${log()}`)
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      let text = ''
      const done = (ok: boolean) => {
        socket.destroy()
        resolve(ok)
      }
      socket.setTimeout(1000, () => done(false))
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString()
        if (text.includes(GREETING)) done(true)
      })
      socket.on('error', () => done(false))
      socket.on('close', () => done(false))
    })
    if (greeted) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`Dovecot did not answer on 127.0.0.1:${port} within ${START_TIMEOUT_MS / 1000} s:\n${log()}`)
}

/**
 * Starts a private Dovecot (see above). Fails, naming the package to install, when Dovecot is missing: the
 * tests that need it must not pass without it.
 */
export async function startImapServer(): Promise<ImapServer> {
  if (spawnSync(DOVECOT, ['--version']).status !== 0) {
    throw new Error(
      `Dovecot is not installed (${DOVECOT}; DOVECOT_PATH sets another): apt-get install -y dovecot-imapd. ` +
        'The bounce mailbox tests read from a real IMAP server.',
    )
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(await freePort())
    } catch (error) {
      // Another process may have taken the port between freePort() and Dovecot's bind.
      if (attempt >= 3 || !String(error).includes('Address already in use')) throw error
    }
  }
}

async function startOnce(port: number): Promise<ImapServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-imap-'))
  // Dovecot's unprivileged processes (auth reading the users file, imap reading the mail) reach into it.
  fs.chmodSync(dir, 0o711)
  const me = os.userInfo()
  const mailUser = me.uid === 0 ? { uid: uidOf('nobody'), gid: gidOf('nogroup') } : { uid: me.uid, gid: me.gid }
  fs.mkdirSync(path.join(dir, 'home'), { mode: 0o700 })
  fs.chownSync(path.join(dir, 'home'), mailUser.uid, mailUser.gid)
  const pass = randomBytes(12).toString('hex')
  fs.writeFileSync(path.join(dir, 'users'), `${USER}:{PLAIN}${pass}::::::\n`, { mode: 0o644 })
  const conf = path.join(dir, 'dovecot.conf')
  fs.writeFileSync(conf, dovecotConfig(dir, port, mailUser))
  const log = () => {
    try {
      return fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8')
    } catch {
      return '(no log)'
    }
  }
  const remove = () => fs.rmSync(dir, { recursive: true, force: true })

  const check = spawnSync(DOVECOT, ['-n', '-c', conf], { encoding: 'utf8' })
  if (check.status !== 0) {
    remove()
    throw new Error(`Dovecot refuses the configuration:\n${check.stderr}`)
  }
  const child = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  // A test process that dies leaves no server behind.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  const stop = async () => {
    process.off('exit', killOnExit)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
    remove()
  }
  try {
    await ready(port, exited, () => `${stderr}${log()}`)
  } catch (error) {
    await stop()
    throw error
  }

  const host = '127.0.0.1'
  const withClient = async <T>(fn: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({ host, port, secure: false, auth: { user: USER, pass }, logger: false })
    await client.connect()
    try {
      return await fn(client)
    } finally {
      await client.logout()
    }
  }

  return {
    host,
    port,
    user: USER,
    pass,
    deliver: (raw, mailbox = 'INBOX') =>
      withClient(async (client) => {
        if (mailbox !== 'INBOX' && !(await client.list()).some((m) => m.path === mailbox)) {
          await client.mailboxCreate(mailbox)
        }
        // IMAP carries messages with CRLF line ends; the fixtures are written with LF.
        const crlf = Buffer.from(raw).toString('binary').replace(/\r?\n/g, '\r\n')
        const appended = await client.append(mailbox, Buffer.from(crlf, 'binary'), [])
        if (!appended) throw new Error(`Dovecot refused to append to ${mailbox}`)
      }),
    messages: (mailbox = 'INBOX') =>
      withClient(async (client) => {
        const lock = await client.getMailboxLock(mailbox, { readOnly: true })
        try {
          if (client.mailbox && client.mailbox.exists === 0) return []
          const list = await client.fetchAll('1:*', { uid: true, flags: true, envelope: true })
          return list
            .map((m) => ({ uid: m.uid, seen: m.flags?.has('\\Seen') ?? false, messageId: m.envelope?.messageId }))
            .sort((a, b) => a.uid - b.uid)
        } finally {
          lock.release()
        }
      }),
    stop,
  }
}

const idOf = (file: string, name: string): number => {
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`))
  if (!line) throw new Error(`No ${name} in ${file}: Dovecot's test mailbox belongs to them when run as root`)
  return Number(line.split(':')[2])
}
const uidOf = (name: string) => idOf('/etc/passwd', name)
const gidOf = (name: string) => idOf('/etc/group', name)
