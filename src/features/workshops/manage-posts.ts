import type { Payload } from 'payload'

import type { FormClient } from '@/platform/forms/client'
import { oncePerPost, postedText, postKey } from '@/platform/forms/once'
import { confirmRegistration } from './confirm'
import { CONFIRM_PREFIX } from './confirm-token'
import { registrationByToken } from './registration'
import { cancelRegistration, confirmOffer } from './seats'

/*
 * The posts of a registration's pages (cancel it, take a seat offered, confirm a registration from its mail),
 * once per post (src/platform/forms/once.ts, decision 085): the same body again from the same client (a double
 * click, a reload) gets the first one's page, with nothing done, refunded or mailed twice. Each answers the
 * page to go to; the server actions (./actions.ts) only follow it.
 */

export type RegistrationChange = 'cancel' | 'take-seat' | 'confirm'

const managePage = (token: string, query: string) => `/workshops/manage/${encodeURIComponent(token)}?${query}`

async function change(payload: Payload, what: RegistrationChange, fields: Record<string, unknown>, now: Date) {
  const token = postedText(fields, 'token')
  if (what === 'confirm') {
    const result = await confirmRegistration(payload, token, now)
    // A link the site did not make (or none) is not sent back in the address: whatever was posted, of any
    // length, its page says only that the link is not valid.
    if ('problem' in result && result.problem === 'not-valid') return `${CONFIRM_PREFIX}not-valid`
    if ('problem' in result) return `${CONFIRM_PREFIX}${encodeURIComponent(token)}?problem=${result.problem}`
    return `${result.path}${result.done ? `?done=${result.done}` : ''}`
  }
  const r = await registrationByToken(payload, token)
  if (!r) return '/workshops'
  if (what === 'take-seat') {
    const outcome = await confirmOffer(payload, r, now)
    return managePage(
      token,
      outcome === 'registered' || outcome === 'already' ? 'done=confirmed' : `problem=${outcome}`,
    )
  }
  const settle = postedText(fields, 'settle')
  const outcome = await cancelRegistration(
    payload,
    r,
    'attendee',
    now,
    settle === 'refund' || settle === 'credit' ? settle : undefined,
  ).catch((error: unknown) => {
    // A card refund Stripe did not take: nothing changed; the visitor may try again.
    console.error(`Registration ${r.id} could not be cancelled:`, error instanceof Error ? error.message : error)
    return 'unavailable' as const
  })
  const done = outcome === 'cancelled' || outcome === 'refunded' || outcome === 'credited'
  return managePage(token, done ? `done=${outcome}` : `problem=${outcome}`)
}

/** The page to go to after `what` was posted with `fields` by `client`: the first such post's, within a moment. */
export function postRegistrationChange(
  payload: Payload,
  what: RegistrationChange,
  fields: Record<string, unknown>,
  client: FormClient,
  now = new Date(),
): Promise<string> {
  return oncePerPost(payload, postKey(`workshop-${what}`, client, fields), now, () =>
    change(payload, what, fields, now),
  )
}
