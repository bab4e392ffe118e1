import { after } from 'next/server'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'
import type { z } from 'zod'

import { mailboxIdentity } from '@/domain/mailbox'
import { keyedHash } from '@/domain/tokens'
import { visitorPostContext } from '@/platform/mail/visitor-ceiling'
import { kickOutbox } from '@/platform/mail/worker'
import { payloadClient } from '@/platform/payload'
import { payloadSecret } from '@/platform/secret'
import { inTransaction } from '@/platform/transaction'
import type { FormClient } from './client'
import { guardFormPost } from './guard'
import { oncePerPost, postKey } from './once'
import { keptValues, type FormResult } from './results'
import { fieldErrors, RATE_LIMITED, TOO_FAST, UNAVAILABLE } from './rules'

/**
 * Thrown by a form's `accept` when the post is valid but cannot be done (e.g. the time was just taken): the
 * transaction is rolled back and the visitor gets `message` with what they typed (HTTP 409), not an error.
 */
export class FormRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FormRefusal'
  }
}

/**
 * Thrown by a form's `accept` when a field is wrong by a rule that depends on the site's settings (e.g. a phone
 * number asked for only when the coach calls): nothing is written, and the visitor gets the form's invalid
 * answer with these field messages and what they typed (HTTP 422), as for a fault the schema finds.
 */
export class FormInvalid<Field extends string = string> extends Error {
  constructor(readonly errors: Partial<Record<Field, string>>) {
    super('A field is not valid.')
    this.name = 'FormInvalid'
  }
}

/**
 * What `accept` may answer besides the form's ok text: a page to go to, a refusal to keep (committed), or the
 * ok answer in other words (`answer`: still an accepted post).
 */
export type Acceptance = void | { redirectTo: string } | { refused: string } | { answer: string }

/**
 * What a form's schema gives: every form of the site asks for the visitor's e-mail address (`email`), since
 * it answers someone by mail, and posts are limited per inbox as well as per client.
 */
export type FormSchema = z.ZodType<{ email: string } & Record<string, unknown>>

/**
 * A form of the site: what it accepts and what it does. A new form is one of these, one route that passes
 * it to `formEndpoint`, one server action made by `formAction`, and its component (src/components/forms/,
 * whose markup tells the page's script where to send it and how to answer: src/browser/forms.ts).
 */
export type FormDefinition<Schema extends FormSchema, Field extends string> = {
  /** Names the form in rate-limit keys and logs. */
  name: string
  schema: Schema
  /** The text fields shown again when the post comes back with errors. */
  fields: readonly Field[]
  answers: {
    /** The answer to an accepted post, and to a bot (which must not learn it was caught). */
    ok: string
    /** The message above the field errors. */
    invalid: string
  }
  /**
   * Stores the post and queues its mail with `req`, in one transaction: on PostgreSQL both happen or neither
   * does (SQLite runs without transactions; see the README). Throwing leaves the visitor a "try again".
   */
  accept: (
    payload: Payload,
    input: z.output<Schema>,
    context: { req: PayloadRequest; now: Date; client: FormClient },
  ) => Promise<Acceptance>
  /**
   * `accept` opens its own transaction when its turn comes, and `req` holds none: for a form whose posts wait
   * on one another (a workshop's seats are decided one post at a time). In the form's transaction, each post
   * waiting its turn would hold one of the pool's connections the whole time (10 on PostgreSQL), and a burst
   * of them would leave the rest none: seen as 184 of 200 registrations at once answered "try again".
   */
  ownTransaction?: true
}

/**
 * The form's rules for one post, in order: spam defences, validation, then `accept`; once per post (./once.ts):
 * the same body from the same client again (a double click, a reload) gets the first accepted post's answer,
 * and nothing is stored or mailed twice.
 */
export async function runForm<Schema extends FormSchema, Field extends string>(
  payload: Payload,
  form: FormDefinition<Schema, Field>,
  posted: Record<string, unknown>,
  client: FormClient,
  now = new Date(),
): Promise<FormResult<Field>> {
  // A NUL is never part of what a person typed, and PostgreSQL cannot keep one in a text column. A line break
  // is one character, as the browser's limit on a field counts it, though the browser posts it as two (CR LF):
  // a message at its limit with line breaks in it would otherwise come back refused as too long.
  const raw = Object.fromEntries(
    Object.entries(posted).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.replaceAll('\0', '').replace(/\r\n?/g, '\n') : value,
    ]),
  )
  // Only accepted posts are kept: one refused or not done (too quick, a time just taken) may be sent again.
  return oncePerPost(
    payload,
    postKey(form.name, client, raw),
    now,
    () => handlePost(payload, form, raw, client, now),
    (result) => result.status === 'ok',
  )
}

async function handlePost<Schema extends FormSchema, Field extends string>(
  payload: Payload,
  form: FormDefinition<Schema, Field>,
  raw: Record<string, unknown>,
  client: FormClient,
  now: Date,
): Promise<FormResult<Field>> {
  const values = keptValues(raw, form.fields)
  const parsed = form.schema.safeParse(raw)
  // Limited per client and per inbox (victim+1@ and victim+2@ count as victim@).
  const inbox = parsed.success ? [keyedHash(payloadSecret(), mailboxIdentity(parsed.data.email))] : []
  const keys = [client.ipHash, ...inbox]

  const guard = await guardFormPost(payload, form.name, raw, keys, now)
  if (guard === 'bot') return { status: 'ok', message: form.answers.ok }
  if (guard === 'rate-limited') return { status: 'rate-limited', message: RATE_LIMITED, values }
  if (guard === 'too-fast') return { status: 'invalid', message: TOO_FAST, errors: {}, values }
  if (!parsed.success) {
    return { status: 'invalid', message: form.answers.invalid, errors: fieldErrors<Field>(parsed.error), values }
  }
  let outcome: Acceptance
  try {
    outcome = form.ownTransaction
      ? await form.accept(payload, parsed.data, {
          req: await createLocalReq({ context: visitorPostContext() }, payload),
          now,
          client,
        })
      : await inTransaction(
          payload,
          (req) => form.accept(payload, parsed.data, { req, now, client }),
          visitorPostContext(),
        )
  } catch (error) {
    if (error instanceof FormRefusal) return { status: 'conflict', message: error.message, values }
    if (error instanceof FormInvalid) {
      return {
        status: 'invalid',
        message: form.answers.invalid,
        errors: error.errors as Partial<Record<Field, string>>,
        values,
      }
    }
    throw error
  }
  if (outcome && 'refused' in outcome) return { status: 'conflict', message: outcome.refused, values }
  if (outcome && 'answer' in outcome) return { status: 'ok', message: outcome.answer }
  return { status: 'ok', message: form.answers.ok, ...(outcome ? { redirectTo: outcome.redirectTo } : {}) }
}

/**
 * The one path every form post takes, from the page (server action) or the HTTP API: the form's rules, then,
 * once the post is stored with its mail, the outbox is asked to deliver right after the response. A database
 * failure becomes a clear "try again" answer, with what was typed kept.
 */
export async function submitForm<Schema extends FormSchema, Field extends string>(
  form: FormDefinition<Schema, Field>,
  raw: Record<string, unknown>,
  client: FormClient,
): Promise<FormResult<Field>> {
  try {
    const payload = await payloadClient()
    const result = await runForm(payload, form, raw, client)
    if (result.status === 'ok') after(() => kickOutbox(payload))
    return result
  } catch (error) {
    console.error(`The ${form.name} form could not be handled:`, error instanceof Error ? error.message : error)
    return { status: 'unavailable', message: UNAVAILABLE, values: keptValues(raw, form.fields) }
  }
}
