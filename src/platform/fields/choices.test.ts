import { describe, expect, it } from 'vitest'

import { choices } from './choices'

describe('choices', () => {
  it('gives the options in the order written, each value with its label', () => {
    expect(choices({ 'bank-transfer': 'Bank transfer', stripe: 'Card (Stripe Checkout)' })).toEqual([
      { label: 'Bank transfer', value: 'bank-transfer' },
      { label: 'Card (Stripe Checkout)', value: 'stripe' },
    ])
  })
})
