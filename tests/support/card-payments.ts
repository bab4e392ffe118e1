import { beforeAll } from 'vitest'

import type { DatabaseSetup } from './database'
import { testSite, type TestSite } from './site'
import { startedLater } from './started-later'
import { stripeStandInForTests, type StripeStandIn } from './stripe-stand-in'

type CardPayments = {
  card: typeof import('@/features/packages/stripe')
  ledger: typeof import('@/features/packages/ledger')
  tokens: typeof import('@/features/packages/tokens')
}

/**
 * A site that takes card payments for packages, for one suite (call it inside the suite's describe): the Stripe
 * stand-in (stripeStandInForTests), a test site on `setup` (testSite) with a real SMTP peer and Stripe's keys
 * aimed at the stand-in, and, in a beforeAll after theirs, the built-in packages seeded and the modules a card
 * suite calls imported (the site's modules read its environment when first loaded). `card`, `ledger` and
 * `tokens` stand for those modules from the start: hold them at once, call them in hooks and tests; the site's
 * fields are filled as testSite says.
 */
export function cardPaymentSite(setup: DatabaseSetup): { standIn: StripeStandIn; site: TestSite } & CardPayments {
  const standIn = stripeStandInForTests()
  const site = testSite(setup, { smtp: true, env: standIn.env })
  let imported: CardPayments | undefined
  beforeAll(async () => {
    const [card, ledger, tokens, { seedPackages }] = await Promise.all([
      import('@/features/packages/stripe'),
      import('@/features/packages/ledger'),
      import('@/features/packages/tokens'),
      import('@/features/packages/seed'),
    ])
    await seedPackages(site.payload, {})
    imported = { card, ledger, tokens }
  })
  const ready = () => {
    if (!imported) throw new Error('No card payments: did beforeAll fail?')
    return imported
  }
  return {
    standIn,
    site,
    card: startedLater(() => ready().card),
    ledger: startedLater(() => ready().ledger),
    tokens: startedLater(() => ready().tokens),
  }
}
