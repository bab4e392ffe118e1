import type { GlobalConfig, Payload, PayloadRequest } from 'payload'

import { DEFAULT_CREDIT_RULES, type CreditRules } from '@/domain/credits'
import { whole } from '@/features/booking/Availability'
import { admins, authenticated } from '@/platform/access'

const D = DEFAULT_CREDIT_RULES

/**
 * The coach's rules for session credits (decision 068), Packages → Session rules, with the spec's defaults
 * (DEFAULT_CREDIT_RULES): how long before a session the client may still move or cancel it, whether a late
 * cancellation or a missed session uses its credit, whether credits past their validity are forfeited. Each
 * change to a client's credits is decided under the rules of that moment and keeps what they chose in its
 * ledger entry: changing a rule never rewrites what already happened (decision 053).
 */
export const SessionRules: GlobalConfig = {
  slug: 'session-rules',
  label: 'Session rules',
  admin: {
    group: 'Packages',
    description:
      'How your clients’ session credits are counted. A change applies from now on; what already happened keeps the rule of its time.',
  },
  access: { read: authenticated, update: admins },
  fields: [
    whole(
      'coachingRescheduleNoticeHours',
      'Notice to move or cancel (hours)',
      D.coachingRescheduleNoticeHours,
      0,
      24 * 14,
      'A client can move or cancel a session on their page until this many hours before it.',
    ),
    {
      name: 'lateCancellationUsesCredit',
      label: 'A session cancelled later than that uses its credit',
      type: 'checkbox',
      defaultValue: D.lateCancellationUsesCredit,
    },
    {
      name: 'noShowUsesCredit',
      label: 'A missed session uses its credit',
      type: 'checkbox',
      defaultValue: D.noShowUsesCredit,
    },
    {
      name: 'creditsExpire',
      label: 'Credits past their validity are forfeited',
      type: 'checkbox',
      defaultValue: D.creditsExpire,
      admin: {
        description: 'Unticked, credits stay bookable after the package’s validity, and none are forfeited.',
      },
    },
  ],
}

/** The coach's rules as set now (the defaults for any not set yet). */
export async function readCreditRules(payload: Payload, req?: Partial<PayloadRequest>): Promise<CreditRules> {
  const g = await payload.findGlobal({ slug: 'session-rules', depth: 0, overrideAccess: true, ...(req ? { req } : {}) })
  const hours = g.coachingRescheduleNoticeHours
  const flag = (v: boolean | null | undefined, fallback: boolean) => (typeof v === 'boolean' ? v : fallback)
  return {
    coachingRescheduleNoticeHours: Number.isInteger(hours) && hours! >= 0 ? hours! : D.coachingRescheduleNoticeHours,
    lateCancellationUsesCredit: flag(g.lateCancellationUsesCredit, D.lateCancellationUsesCredit),
    noShowUsesCredit: flag(g.noShowUsesCredit, D.noShowUsesCredit),
    creditsExpire: flag(g.creditsExpire, D.creditsExpire),
  }
}
