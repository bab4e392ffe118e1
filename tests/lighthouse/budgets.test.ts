import { describe, expect, it } from 'vitest'

import { missedBudgets, pageFigures } from './budgets'

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
})
