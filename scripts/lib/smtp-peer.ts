import PostalMime, { type Email } from 'postal-mime'
import { SMTPServer } from 'smtp-server'

type Answer = { code: number; message: string }

/**
 * How the peer treats a mail, beyond accepting it: an answer of its own to a recipient (e.g. 550 "no such
 * user", 421 "try later"); once the mail's data has arrived, a refusal of it (e.g. 554 "content rejected")
 * or a connection cut before the answer (the sender cannot know whether the mail was taken); and a pause
 * before answering the data, as a slow server takes its time.
 */
export type PeerBehaviour = {
  /** An answer to a recipient, or 'cut': the connection is dropped there, before any DATA. */
  rcpt?: (address: string) => Answer | 'cut' | undefined
  data?: (recipients: string[]) => 'cut' | Answer | undefined
  dataDelayMs?: number
}

/** A real SMTP server on loopback that keeps every mail it accepts, parsed; it can be taken down and up. */
export type SmtpPeer = {
  port: number
  url: string
  mails: Email[]
  /** When each accepted mail arrived (ms since the epoch) and to whom, in order. */
  received: { to: string[]; at: number }[]
  /**
   * The transactions cut after some of the mail's content had arrived and before the peer answered them, to
   * whom: by the sender (killed mid-mail), by the peer's behaviour (`data` answering 'cut'), or by the peer going
   * down (`down`: it closes the connections a sender keeps open; `whileGoingDown` marks these, whose sender
   * heard the connection end and may send again). A transaction cut before any content arrived (in the
   * envelope, or right after DATA) is not one: the peer could not have accepted that mail.
   */
  cut: { to: string[]; at: number; whileGoingDown: boolean }[]
  behaviour: PeerBehaviour
  down: () => Promise<void>
  up: () => Promise<void>
  close: () => Promise<void>
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const mails: Email[] = []
  const received: SmtpPeer['received'] = []
  const cut: SmtpPeer['cut'] = []
  const behaviour: PeerBehaviour = {}
  const inData = new Map<string, string[]>()
  let port = 0
  /** The server `down` is closing: a transaction its close cuts was ended by the peer. */
  let goingDown: SMTPServer | null = null
  const make = (): SMTPServer => {
    const peer: SMTPServer = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Going down closes the connections a sender keeps open at once (with a 421), as a real outage does.
      closeTimeout: 100,
      onRcptTo(address, session, callback) {
        const answer = behaviour.rcpt?.(address.address.toLowerCase())
        if (!answer) return callback()
        if (answer === 'cut') {
          const connections = (
            peer as unknown as { connections: Set<{ session: { id: string }; _socket: { destroy(): void } }> }
          ).connections
          for (const c of connections) if (c.session.id === session.id) c._socket.destroy()
          return
        }
        callback(Object.assign(new Error(answer.message), { responseCode: answer.code }))
      },
      // A connection that closes while a mail's data is arriving cut that transaction (the sender died).
      onClose(session) {
        const to = inData.get(session.id)
        if (to) cut.push({ to, at: Date.now(), whileGoingDown: goingDown === peer })
        inData.delete(session.id)
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
        stream.on('data', (c: Buffer) => {
          // From the first of the content on, a cut leaves the sender not knowing whether the peer took it.
          if (chunks.length === 0) inData.set(session.id, to)
          chunks.push(c)
        })
        stream.on('end', async () => {
          if (behaviour.dataDelayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.dataDelayMs))
          inData.delete(session.id)
          const verdict = behaviour.data?.(to)
          if (verdict && verdict !== 'cut') {
            return callback(Object.assign(new Error(verdict.message), { responseCode: verdict.code }))
          }
          if (verdict === 'cut') {
            cut.push({ to, at: Date.now(), whileGoingDown: false })
            const connections = (
              peer as unknown as { connections: Set<{ session: { id: string }; _socket: { destroy(): void } }> }
            ).connections
            for (const c of connections) if (c.session.id === session.id) c._socket.destroy()
            return
          }
          PostalMime.parse(Buffer.concat(chunks)).then(
            (mail) => {
              mails.push(mail)
              received.push({ to, at: Date.now() })
              callback()
            },
            (err: Error) => callback(err),
          )
        })
      },
    })
    // A sender killed mid-transaction resets its connection: the peer notes the cut (onClose), not an error.
    peer.on('error', () => {})
    return peer
  }
  let server = make()
  const listen = () =>
    new Promise<void>((resolve) => {
      server.listen(port, '127.0.0.1', () => {
        port = (server.server.address() as { port: number }).port
        resolve()
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      goingDown = server
      server.close(() => resolve())
    })
  await listen()
  return {
    get port() {
      return port
    },
    get url() {
      return `smtp://127.0.0.1:${port}`
    },
    mails,
    received,
    cut,
    behaviour,
    down: stop,
    up: async () => {
      server = make()
      await listen()
    },
    close: stop,
  }
}
