import { describe, expect, it } from 'vitest'

import { messagesNavLabel } from './inbox'

describe('messagesNavLabel', () => {
  it('names the unhandled messages beside "Messages", and nothing when there are none', () => {
    expect(messagesNavLabel('Messages', 3)).toBe('Messages (3 unhandled)')
    expect(messagesNavLabel('Messages', 0)).toBe('Messages')
  })
})
