/**
 * `npm test`: every check, in the order that keeps a 2-core machine busy. The type check comes first (it
 * writes Next's route types, which the build writes too); then the lint, the unit and integration tests and
 * the production build run side by side (each alone left most of the second core idle: the build used about
 * 0.6 of a core, the lint 0.7); then the browser tests on that build, then the Lighthouse budgets. A step's
 * output is printed whole when it ends, so side-by-side steps do not interleave; the first failure stops the
 * run after the steps beside it end. At the end, how long each step took: where the time goes.
 */
import { spawn } from 'node:child_process'

type Step = { name: string; script: string }
type Ran = { name: string; seconds: number; ok: boolean }

const PHASES: Step[][] = [
  [{ name: 'type check', script: 'typecheck' }],
  [
    { name: 'lint', script: 'lint' },
    { name: 'unit and integration tests', script: 'test:unit' },
    { name: 'production build', script: 'build:if-needed' },
  ],
  [{ name: 'browser tests', script: 'test:e2e' }],
  [{ name: 'Lighthouse budgets', script: 'test:lighthouse' }],
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
let ok = true
for (const phase of PHASES) {
  const results = await Promise.all(phase.map((step) => run(step, phase.length === 1)))
  ran.push(...results)
  if (results.some((r) => !r.ok)) {
    ok = false
    break
  }
}
console.log('\nWhere the time went:')
for (const r of ran)
  console.log(`  ${r.name.padEnd(28)} ${r.seconds.toFixed(0).padStart(5)} s${r.ok ? '' : '  FAILED'}`)
console.log(`  ${'in all'.padEnd(28)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`)
process.exit(ok ? 0 : 1)
