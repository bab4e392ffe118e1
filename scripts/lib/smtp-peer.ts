import PostalMime, { type Email } from 'postal-mime'
import { SMTPServer } from 'smtp-server'

/** A real SMTP server on loopback that keeps every mail it accepts, parsed; it can be taken down and up. */
export type SmtpPeer = {
  port: number
  url: string
  mails: Email[]
  down: () => Promise<void>
  up: () => Promise<void>
  close: () => Promise<void>
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const mails: Email[] = []
  let port = 0
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks)).then(
            (mail) => {
              mails.push(mail)
              callback()
            },
            (err: Error) => callback(err),
          )
        })
      },
    })
  let server = make()
  const listen = () =>
    new Promise<void>((resolve) => {
      server.listen(port, '127.0.0.1', () => {
        port = (server.server.address() as { port: number }).port
        resolve()
      })
    })
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()))
  await listen()
  return {
    get port() {
      return port
    },
    get url() {
      return `smtp://127.0.0.1:${port}`
    },
    mails,
    down: stop,
    up: async () => {
      server = make()
      await listen()
    },
    close: stop,
  }
}
