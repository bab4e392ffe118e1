import { describe, expect, it } from 'vitest'

import { medianFigures, missedBudgets, pageFigures } from './budgets'

/** A report as Lighthouse writes it, reduced to what the budgets read. */
const report = (over: { perf?: number; lcp?: number; tbt?: number; cls?: number; scripts?: number[] } = {}) => ({
  categories: {
    performance: { score: over.perf ?? 1, auditRefs: [{ id: 'largest-contentful-paint', weight: 25 }] },
    accessibility: { score: 1, auditRefs: [] },
    'best-practices': { score: 1, auditRefs: [] },
    seo: { score: 1, auditRefs: [] },
  },
  audits: {
    'largest-contentful-paint': { score: (over.lcp ?? 900) > 1200 ? 0.8 : 1, numericValue: over.lcp ?? 900 },
    'cumulative-layout-shift': { score: 1, numericValue: over.cls ?? 0 },
    'total-blocking-time': { score: 1, numericValue: over.tbt ?? 0 },
    'network-requests': {
      score: null,
      details: {
        items: [
          { resourceType: 'Document', transferSize: 9000 },
          ...(over.scripts ?? [4400]).map((transferSize) => ({ resourceType: 'Script', transferSize })),
        ],
      },
    },
  },
})

describe('Lighthouse budgets', () => {
  it('a page within every budget misses none', () => {
    const figures = pageFigures('/', report())
    expect(figures).toMatchObject({ performance: 100, lcpMs: 900, scriptKb: 4.4, failing: '' })
    expect(missedBudgets(figures)).toEqual([])
  })

  it('names each budget a page misses, with the audits that did not pass', () => {
    const figures = pageFigures(
      '/about',
      report({ perf: 0.94, lcp: 2621, tbt: 200, cls: 0.048, scripts: [74324, 50000] }),
    )
    expect(missedBudgets(figures)).toEqual([
      'performance 94 < 98',
      'LCP 2621 ms > 1200 ms',
      'CLS 0.048 > 0.02',
      'TBT 200 ms > 100 ms',
      'script 124.3 kB > 120 kB',
      '(audits not passed: largest-contentful-paint)',
    ])
  })

  it('judges each performance figure on its median over the runs, so one slow run moves none', () => {
    const figures = medianFigures('/about', [
      report({ lcp: 1010, tbt: 183 }),
      report({ lcp: 1190, tbt: 0 }),
      report({ perf: 0.97, lcp: 1300, tbt: 40 }),
    ])
    expect(figures).toMatchObject({ performance: 100, lcpMs: 1190, tbtMs: 40, accessibility: 100 })
    expect(missedBudgets(figures)).toEqual([])
  })

  it('misses a budget that most runs miss', () => {
    const figures = medianFigures('/', [report({ tbt: 150 }), report({ tbt: 20 }), report({ tbt: 120 })])
    expect(missedBudgets(figures)).toEqual(['TBT 120 ms > 100 ms'])
  })
})
