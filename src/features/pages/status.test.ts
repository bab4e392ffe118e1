import { describe, expect, it } from 'vitest'

import { pageStatusWords } from './status'

describe('pageStatusWords', () => {
  it.each([
    [{ hasPublishedDoc: false, unpublishedVersionCount: 0, versionCount: 0 }, 'Live'],
    [{ hasPublishedDoc: false, unpublishedVersionCount: 1, versionCount: 1 }, 'Changes not published yet'],
    [{ hasPublishedDoc: true, unpublishedVersionCount: 0, versionCount: 3 }, 'Live'],
    [{ hasPublishedDoc: true, unpublishedVersionCount: 2, versionCount: 5 }, 'Changes not published yet'],
  ] as const)('%o → %s', (info, words) => {
    expect(pageStatusWords(info)).toBe(words)
  })
})
