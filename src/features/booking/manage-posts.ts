import type { Payload } from 'payload'

import type { FormClient } from '@/platform/forms/client'
import { oncePerPost, postedText, postKey } from '@/platform/forms/once'
import { cancelCall, rescheduleCall, type ChangeOutcome } from './book'
import { callByToken } from './calls'

/*
 * The manage page's posts (cancel a call, move it), once per post (src/platform/forms/once.ts, decision 085):
 * the same body again from the same client (a double click, a reload) gets the first one's page, with nothing
 * done or mailed twice. Each answers the page to go to; the server actions (./actions.ts) only follow it.
 */

const managePage = (token: string, outcome: ChangeOutcome | 'no-slot', done: 'cancelled' | 'moved') =>
  `/scheduling/manage/${encodeURIComponent(token)}?${outcome === 'done' ? `done=${done}` : `problem=${outcome}`}`

export async function postCallChange(
  payload: Payload,
  change: 'cancel' | 'move',
  fields: Record<string, unknown>,
  client: FormClient,
  now = new Date(),
): Promise<string> {
  const token = postedText(fields, 'token')
  return oncePerPost(payload, postKey(`call-${change}`, client, fields), now, async () => {
    const call = await callByToken(payload, token)
    if (!call) return '/scheduling'
    if (change === 'cancel') return managePage(token, await cancelCall(payload, call, 'visitor', now), 'cancelled')
    const slot = new Date(postedText(fields, 'slot'))
    if (Number.isNaN(slot.getTime())) return managePage(token, 'no-slot', 'moved')
    return managePage(token, await rescheduleCall(payload, call, slot, now), 'moved')
  })
}
