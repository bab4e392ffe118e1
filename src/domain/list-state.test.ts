import { afterEach, describe, expect, it, vi } from 'vitest'

import { lastGoodMemory, toListState, type ListState } from './list-state'

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
    'treats %j as invalid data and logs "Invalid data format received from API"',
    (raw) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {})
      expect(toListState(raw, (x: never) => x)).toEqual({ status: 'failed' })
      expect(log).toHaveBeenCalledWith('Invalid data format received from API')
    },
  )
})

describe('lastGoodMemory: a failed re-read keeps the last good content', () => {
  const loaded = (...items: string[]): ListState<string> => ({ status: 'loaded', items })
  const failed: ListState<string> = { status: 'failed' }

  /** A reader that answers the given outcomes in turn, as the database would on successive reads. */
  const reader = (outcomes: ListState<string>[]) => {
    let i = 0
    return async () => outcomes[i++]!
  }

  it('shows the last good list while re-reads fail, and the new list once a read succeeds again', async () => {
    const keep = lastGoodMemory()
    const read = reader([loaded('a', 'b'), failed, failed, loaded('c'), failed])
    const shown = []
    for (let i = 0; i < 5; i++) shown.push(keep('books', await read()))
    expect(shown).toEqual([loaded('a', 'b'), loaded('a', 'b'), loaded('a', 'b'), loaded('c'), loaded('c')])
  })

  it('shows the failure when no read has succeeded yet', async () => {
    const keep = lastGoodMemory()
    const read = reader([failed, loaded('a')])
    expect(keep('books', await read())).toEqual(failed)
    expect(keep('books', await read())).toEqual(loaded('a'))
  })

  it('keeps an empty list as good content: the coach removed every item', async () => {
    const keep = lastGoodMemory()
    const read = reader([loaded('a'), loaded(), failed])
    expect(keep('books', await read())).toEqual(loaded('a'))
    expect(keep('books', await read())).toEqual(loaded())
    expect(keep('books', await read())).toEqual(loaded())
  })

  it("never shows one list's content for another", async () => {
    const keep = lastGoodMemory()
    expect(keep('faqs:coaching', loaded('coaching question'))).toEqual(loaded('coaching question'))
    expect(keep('faqs:contact', failed)).toEqual(failed)
    expect(keep('faqs:coaching', failed)).toEqual(loaded('coaching question'))
  })
})
