/**
 * `npm test`: every check, in the order that keeps a 2-core machine busy. The type check, the lint and the unit
 * and integration tests start at once (the type check alone left the second core idle for its 20 s); the
 * production build starts when the type check ends (both write Next's route types); the browser tests start
 * on that build when all four have passed, then the Lighthouse budgets (the browser tests beside the unit tests
 * were measured slower for both, and failed). A step's output streams through when it runs alone and is
 * printed whole when it ends otherwise, so side-by-side steps do not interleave; after the first failure no
 * step starts, and the run ends when the steps under way end. At the end, how long each step took: where the
 * time goes.
 */
import { spawn } from 'node:child_process'

type Step = { name: string; script: string; after: string[] }
type Ran = { name: string; seconds: number; ok: boolean }

const STEPS: Step[] = [
  { name: 'type check', script: 'typecheck', after: [] },
  { name: 'lint', script: 'lint', after: [] },
  { name: 'unit and integration tests', script: 'test:unit', after: [] },
  { name: 'production build', script: 'build:if-needed', after: ['type check'] },
  {
    name: 'browser tests',
    script: 'test:e2e',
    after: ['type check', 'lint', 'unit and integration tests', 'production build'],
  },
  { name: 'Lighthouse budgets', script: 'test:lighthouse', after: ['browser tests'] },
]

/** Runs `npm run <script>`; alone, its output streams through; beside others, it is kept and printed at its end. */
function run(step: Step, alone: boolean): Promise<Ran> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', step.script], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
    const kept: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => kept.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => kept.push(chunk))
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000
      if (!alone) {
        console.log(`\n──── ${step.name} (npm run ${step.script}): ${code === 0 ? 'passed' : 'FAILED'} ────`)
        process.stdout.write(Buffer.concat(kept))
      }
      resolve({ name: step.name, seconds, ok: code === 0 })
    })
  })
}

const started = Date.now()
const ran: Ran[] = []
const running = new Map<string, Promise<Ran>>()
let waiting = [...STEPS]
let ok = true
for (;;) {
  const done = new Set(ran.filter((r) => r.ok).map((r) => r.name))
  const ready = ok ? waiting.filter((step) => step.after.every((name) => done.has(name))) : []
  waiting = waiting.filter((step) => !ready.includes(step))
  const alone = ready.length === 1 && running.size === 0
  for (const step of ready) running.set(step.name, run(step, alone))
  if (running.size === 0) break
  const result = await Promise.race(running.values())
  running.delete(result.name)
  ran.push(result)
  if (!result.ok) ok = false
}
console.log('\nWhere the time went:')
for (const r of ran)
  console.log(`  ${r.name.padEnd(28)} ${r.seconds.toFixed(0).padStart(5)} s${r.ok ? '' : '  FAILED'}`)
console.log(`  ${'in all'.padEnd(28)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`)
process.exit(ok ? 0 : 1)
