import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The W3C Nu Html Checker, from the `vnu-jar` package, run on the machine's Java (11 or later). */
const VNU_JAR = path.join('node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar')

type VnuMessage = {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url?: string
  lastLine?: number
  firstColumn?: number
  message: string
  extract?: string
}

/**
 * Checks pages (name → HTML) in one run of the checker (a Java start costs about a second) and returns its
 * messages that are errors or warnings, each with the page it is about. Plain "info" messages (e.g. "Trailing
 * slash on void elements has no effect", which is how React writes <meta/>) are notes, not faults. No warning
 * is tolerated: the pages have none.
 */
export function checkHtml(pages: Map<string, string>): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-html-'))
  try {
    const files = new Map<string, string>()
    for (const [index, [page, html]] of [...pages].entries()) {
      const file = path.join(dir, `${index}.html`)
      fs.writeFileSync(file, html)
      files.set(file, page)
    }
    const run = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...files.keys()], {
      encoding: 'utf8',
    })
    if (run.error || run.status !== 0) throw new Error(`The HTML checker did not run: ${run.error ?? run.stderr}`)
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] }
    return messages
      .filter((m) => m.type !== 'info' || m.subType === 'warning')
      .map((m) => {
        const page = (m.url && files.get(fileURLToPath(m.url))) ?? m.url ?? '(no page)'
        const kind = m.subType === 'warning' ? 'warning' : m.type
        return `${page}:${m.lastLine}:${m.firstColumn} ${kind}: ${m.message} in ${JSON.stringify(m.extract ?? '')}`
      })
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
