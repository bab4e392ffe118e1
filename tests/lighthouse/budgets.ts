/**
 * What every public page must reach in Lighthouse's mobile preset (the budgets `npm run test:lighthouse` fails
 * on), and how a report is read.
 */
export const BUDGETS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  /** Largest Contentful Paint, ms. */
  lcpMs: 1200,
  /** Cumulative Layout Shift. */
  cls: 0.02,
  /** Total Blocking Time, ms. */
  tbtMs: 100,
  /** Script transferred (compressed, with headers) by the page's load, kB (1 kB = 1,000 bytes). */
  scriptKb: 120,
} as const

export type PageFigures = {
  page: string
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  cls: number
  tbtMs: number
  scriptKb: number
  /** Audits of the four categories that did not pass, so a miss says why. */
  failing: string
}

/** The structure of a Lighthouse report this reads (a small part of LH.Result). */
type Report = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  audits: Record<
    string,
    {
      score: number | null
      numericValue?: number
      details?: unknown
    }
  >
}

const score = (r: Report, id: string): number => Math.round((r.categories[id]?.score ?? 0) * 100)
const numeric = (r: Report, id: string): number => r.audits[id]?.numericValue ?? Number.POSITIVE_INFINITY

export function pageFigures(page: string, report: Report): PageFigures {
  type Requests = { items?: { resourceType?: string; transferSize?: number }[] } | undefined
  const requests = (report.audits['network-requests']?.details as Requests)?.items ?? []
  const scriptBytes = requests
    .filter((i) => i.resourceType === 'Script')
    .reduce((sum, i) => sum + (i.transferSize ?? 0), 0)
  const failing = Object.values(report.categories).flatMap((c) =>
    c.auditRefs.filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
  )
  return {
    page,
    performance: score(report, 'performance'),
    accessibility: score(report, 'accessibility'),
    bestPractices: score(report, 'best-practices'),
    seo: score(report, 'seo'),
    lcpMs: Math.round(numeric(report, 'largest-contentful-paint')),
    cls: Number(numeric(report, 'cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(numeric(report, 'total-blocking-time')),
    scriptKb: Number((scriptBytes / 1000).toFixed(1)),
    failing: [...new Set(failing)].join(' '),
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * A page's figures from several runs: each performance figure is the median of its own values over the runs
 * (a single slow run, e.g. one long task of Chrome's own on a busy machine, moves no figure), and the
 * accessibility, best-practices and SEO scores come from the first run, the one that audits all four
 * categories. `failing` names every audit that did not pass in any run.
 */
export function medianFigures(page: string, reports: Report[]): PageFigures {
  const runs = reports.map((r) => pageFigures(page, r))
  const first = runs[0]
  if (!first) throw new Error(`${page}: no run to judge`)
  const of = (key: 'performance' | 'lcpMs' | 'cls' | 'tbtMs' | 'scriptKb') => median(runs.map((r) => r[key]))
  return {
    ...first,
    performance: of('performance'),
    lcpMs: of('lcpMs'),
    cls: Number(of('cls').toFixed(3)),
    tbtMs: of('tbtMs'),
    scriptKb: of('scriptKb'),
    failing: [...new Set(runs.flatMap((r) => (r.failing ? r.failing.split(' ') : [])))].join(' '),
  }
}

/**
 * The figures of one run (`run`) of a page whose first run is `first`: the run's own performance figures, and
 * the accessibility, best-practices and SEO scores of the first run, the one that audits them.
 */
export function runFigures(page: string, first: Report, run: Report): PageFigures {
  const r = pageFigures(page, run)
  const { performance, lcpMs, cls, tbtMs, scriptKb, failing } = r
  return { ...pageFigures(page, first), performance, lcpMs, cls, tbtMs, scriptKb, failing }
}

/** Each budget the page misses, in words. */
export function missedBudgets(f: PageFigures): string[] {
  const misses: string[] = []
  const atLeast = (name: string, value: number, min: number) => {
    if (value < min) misses.push(`${name} ${value} < ${min}`)
  }
  const atMost = (name: string, value: number, max: number, unit = '') => {
    if (value > max) misses.push(`${name} ${value}${unit} > ${max}${unit}`)
  }
  atLeast('performance', f.performance, BUDGETS.performance)
  atLeast('accessibility', f.accessibility, BUDGETS.accessibility)
  atLeast('best practices', f.bestPractices, BUDGETS.bestPractices)
  atLeast('SEO', f.seo, BUDGETS.seo)
  atMost('LCP', f.lcpMs, BUDGETS.lcpMs, ' ms')
  atMost('CLS', f.cls, BUDGETS.cls)
  atMost('TBT', f.tbtMs, BUDGETS.tbtMs, ' ms')
  atMost('script', f.scriptKb, BUDGETS.scriptKb, ' kB')
  if (misses.length && f.failing) misses.push(`(audits not passed: ${f.failing})`)
  return misses
}
