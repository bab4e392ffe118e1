import { spawn } from 'node:child_process'

const RESULT = 'instance result: '

/** For a script run by runInstance: prints its result where runInstance finds it, and ends the process. */
export function reportResult(value: unknown): never {
  console.log(`${RESULT}${JSON.stringify(value)}`)
  process.exit(0)
}

/**
 * Runs a script as another app instance (a process of its own, on the database the environment names, as
 * the suite's own Payload is) and answers what it reported with reportResult; rejects with the end of its
 * output when it failed. Two started at once race each other as two app instances would.
 */
export function runInstance<T>(script: string, args: string[] = []): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.on('exit', (code) => {
      const line = out.split('\n').findLast((l) => l.startsWith(RESULT))
      if (code === 0 && line) resolve(JSON.parse(line.slice(RESULT.length)) as T)
      else reject(new Error(`instance exited with ${code}: ${out.slice(-2000)}`))
    })
  })
}
