import { afterEach, describe, expect, it, vi } from 'vitest'

import { INVALID_DATA_MESSAGE, toListState } from './list-state'

describe('toListState', () => {
  afterEach(() => vi.restoreAllMocks())

  it('maps every item of an array', () => {
    expect(toListState([{ a: 1 }, { a: 2 }], (x: { a: number }) => x.a * 10)).toEqual({
      status: 'loaded',
      items: [10, 20],
    })
  })

  it('keeps an empty array as a loaded, empty list', () => {
    expect(toListState([], (x: never) => x)).toEqual({ status: 'loaded', items: [] })
  })

  it.each([[null], [undefined], [{ docs: [] }], ['[]'], [42]])(
    'treats %j as invalid data and logs the spec message',
    (raw) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {})
      expect(toListState(raw, (x: never) => x)).toEqual({ status: 'failed' })
      expect(log).toHaveBeenCalledWith(INVALID_DATA_MESSAGE)
      expect(INVALID_DATA_MESSAGE).toBe('Invalid data format received from API')
    },
  )
})
