import { cacheTag } from 'next/cache'

import { cacheOutcome } from '@/platform/cache/cache-life'
import { instalmentPlanText } from '@/domain/packages'
import type { BuyLink } from '@/components/PricingCards'
import { isBuildPhase, payloadClient } from '@/platform/payload'
import { packagesOnSale } from './catalogue'

/**
 * The pricing cards that can be bought now, by card name, with where "Buy" leads and, for a package paid in
 * instalments, its plan ("3 monthly payments of $400", decision 071): read once and cached until
 * a package or the coaching page changes. None while the database cannot be read (the cards stay as they are).
 */
export async function buyLinks(): Promise<Record<string, BuyLink>> {
  'use cache'
  let links: Record<string, BuyLink> = {}
  let failed = true
  if (!isBuildPhase()) {
    try {
      const sale = await packagesOnSale(await payloadClient())
      links = Object.fromEntries(
        sale.map((p) => [
          p.title,
          {
            href: `/coaching/buy/${p.id}`,
            ...(p.instalments ? { instalments: instalmentPlanText(p.amount, p.instalments) } : {}),
          },
        ]),
      )
      failed = false
    } catch (error) {
      console.error('Reading the packages on sale failed:', error instanceof Error ? error.message : error)
    }
  }
  cacheTag('page-coaching')
  cacheOutcome('packages', failed)
  return links
}
