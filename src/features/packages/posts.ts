import type { Payload } from 'payload'

import { mailboxIdentity } from '@/domain/mailbox'
import { keyedHash } from '@/domain/tokens'
import type { FormClient } from '@/platform/forms/client'
import { hitRateLimit } from '@/platform/forms/guard'
import { oncePerPost, postedText, postKey } from '@/platform/forms/once'
import { payloadSecret } from '@/platform/secret'
import { acceptAgreement, answerIntake, confirmCode, purchaseByToken } from './checkout'
import {
  bookSession,
  cancelSession,
  clientByToken,
  moveSession,
  SESSION_DONE_CODES,
  type SessionOutcome,
} from './sessions'

/*
 * The plain posts of the packages that answer with a page to go to (no JavaScript needed): the checkout's
 * steps 2 to 4 and the client page's session forms. Each is handled once per post (src/platform/forms/once.ts,
 * decision 085): the same body again from the same client (a double click, a reload) gets the first one's page,
 * with nothing done or mailed twice. The client page's forms are limited as every public form is: about five
 * changes in ten minutes per client page and per client address (src/platform/forms/guard.ts), refused in words.
 * The server actions (./actions.ts, ./session-actions.ts) only follow the page these answer.
 */

export type CheckoutStep = 'code' | 'agreement' | 'intake'

type StepOutcome = Awaited<ReturnType<typeof confirmCode>>

/** The checkout page again, saying what went wrong (the page reads `?problem=` and `?fields=`). */
function checkoutPage(token: string, outcome: StepOutcome): string {
  const path = `/coaching/checkout/${encodeURIComponent(token)}`
  if (outcome === 'done') return `${path}#checkout-heading`
  if (typeof outcome === 'object') {
    const fields = outcome.fields.map((f) => `${f.index}.${f.fault}`).join('-')
    return `${path}?problem=intake&fields=${fields}#checkout-heading`
  }
  return `${path}?problem=${outcome}#checkout-heading`
}

/** One checkout step's post: the purchase from the token (none: the coaching page), then the step, once. */
export async function postCheckoutStep(
  payload: Payload,
  step: CheckoutStep,
  fields: Record<string, unknown>,
  client: FormClient,
  now = new Date(),
): Promise<string> {
  const token = postedText(fields, 'token')
  return oncePerPost(payload, postKey(`checkout-${step}`, client, fields), now, async () => {
    const purchase = await purchaseByToken(payload, token)
    if (!purchase) return '/coaching'
    if (step === 'code')
      return checkoutPage(token, await confirmCode(payload, purchase, postedText(fields, 'code'), now))
    if (step === 'agreement') {
      const posted = { name: fields.name, accept: fields.accept, version: fields.version }
      return checkoutPage(token, await acceptAgreement(payload, purchase, posted, now))
    }
    return checkoutPage(token, await answerIntake(payload, purchase, fields, now))
  })
}

export type SessionChange = 'book' | 'cancel' | 'move'

/** The client page again, saying what was done (`?done=`) or why not (`?problem=`). */
function clientPage(token: string, outcome: SessionOutcome | 'too-many'): string {
  const path = `/client/${encodeURIComponent(token)}`
  if ((SESSION_DONE_CODES as readonly string[]).includes(outcome)) return `${path}?done=${outcome}#sessions-notice`
  return `${path}?problem=${outcome}#sessions-notice`
}

/**
 * One post of the client page's session forms: the client from the form's token (none: their page, which says
 * the link is not valid), the limit per client page and per address, then the change, once.
 */
export async function postSessionChange(
  payload: Payload,
  change: SessionChange,
  fields: Record<string, unknown>,
  client: FormClient,
  now = new Date(),
): Promise<string> {
  const token = postedText(fields, 'token')
  const person = await clientByToken(payload, token, now)
  // A link that names no client: its page says so.
  if (!person) return `/client/${encodeURIComponent(token)}`
  // The same post against the same sessions is one post (a double click); once a session was booked, moved or
  // cancelled, the same body is a new request (a time cancelled and booked again).
  const state = await sessionsState(payload, person.email)
  return oncePerPost(payload, postKey(`client-page-${change}`, client, { ...fields, state }), now, async () => {
    const page = keyedHash(payloadSecret(), mailboxIdentity(person.email))
    if (!(await hitRateLimit(payload, [`client-page:${client.ipHash}`, `client-page:${page}`], now))) {
      return clientPage(token, 'too-many')
    }
    const outcome =
      change === 'book'
        ? await bookSession(payload, person, new Date(postedText(fields, 'slot')), now, {
            phone: postedText(fields, 'phone'),
          })
        : change === 'cancel'
          ? await cancelSession(payload, person, Number(postedText(fields, 'session')), now)
          : await moveSession(
              payload,
              person,
              Number(postedText(fields, 'session')),
              new Date(postedText(fields, 'slot')),
              now,
            )
    return clientPage(token, outcome)
  })
}

/** What the client's sessions are now: how many, and when the last one changed. */
async function sessionsState(payload: Payload, email: string): Promise<string> {
  const latest = await payload.find({
    collection: 'coaching-sessions',
    where: { email: { equals: email } },
    sort: '-updatedAt',
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  return `${latest.totalDocs}:${latest.docs[0]?.updatedAt ?? ''}`
}
