import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { tooLongText } from './fields'

describe('tooLongText', () => {
  it('says the limit grouped by thousands, as en-US writes it', () => {
    expect(tooLongText('Your note', 1000)).toBe('Your note can be at most 1,000 characters.')
    expect(tooLongText('Your name', 100)).toBe('Your name can be at most 100 characters.')
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 31 - 1 }), (max) => {
        expect(tooLongText('It', max)).toBe(`It can be at most ${max.toLocaleString('en-US')} characters.`)
      }),
    )
  })
})
