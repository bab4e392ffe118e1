import { sql } from 'drizzle-orm'
import type { Payload, PayloadRequest, WhereField } from 'payload'

import { transferReference } from '@/domain/packages'
import { normalAddress } from '@/domain/people'
import { keyedHash } from '@/domain/tokens'
import {
  cancel,
  cancelAll,
  confirm,
  ENDED_STATUSES,
  priceCents,
  register,
  seatStatus,
  settle,
  type Change,
  type Registration,
  type WorkshopTerms,
} from '@/domain/workshop-seats'
import { readCoachTimeZone } from '@/features/booking/coach-time-zone'
import { paymentLines } from '@/features/packages/payment-lines'
import type { Workshop, WorkshopCredit, WorkshopRegistration } from '@/payload-types'
import { cancelQueuedMail, enqueueMail } from '@/platform/mail/outbox'
import { mailSettings, type MailSettings } from '@/platform/mail/settings'
import type { OutgoingMail } from '@/platform/mail/transport'
import { refundCardPayment, stripeSettings } from '@/platform/stripe'
import { payloadSecret } from '@/platform/secret'
import { inTransaction, readingWith } from '@/platform/transaction'
import {
  alreadyRegisteredMail,
  cancelledMail,
  confirmationMail,
  lapsedMail,
  offerMail,
  refundDueMail,
  registeredMail,
  reminderMail,
  seatHeldMail,
  updatedMail,
  waitlistedMail,
  type Settlement,
} from './mails'
import { confirmationPath } from './confirm-token'
import { registrationUid } from './manage-token'
import { termsOf } from './terms'

/*
 * The seats stored (decision 064): each decision of src/domain/workshop-seats.ts made on the workshop's
 * registrations as the database holds them, and its changes written with their mails in one transaction.
 *
 * Never more live registrations than seats, whatever races. Each live registration holds a seat number from 1
 * to the seats, and the database's unique index (workshop, seat) refuses a second row on one seat; another
 * (workshop, email) refuses a second registration of one address. On PostgreSQL every decision about a
 * workshop also holds a lock on it (a transaction-scoped advisory lock) from before it reads the registrations
 * until it commits: decisions about one workshop run one after another, on any number of instances. On SQLite
 * (no transactions, decision 003) two decisions may read the same registrations; the unique index then refuses
 * the later seat, and the decision reads again and decides again.
 */

const HOUR = 60 * 60 * 1000
/** How many times a decision reads again after another one won a race for a seat (SQLite). */
const TRIES = 60

export type Terms = WorkshopTerms

export { termsOf } from './terms'

const asDomain = (r: WorkshopRegistration): Registration => ({
  id: String(r.id),
  status: seatStatus(r.status),
  queuedAt: new Date(r.queuedAt).getTime(),
  seat: r.seat ?? null,
  holdUntil: r.holdUntil ? new Date(r.holdUntil).getTime() : null,
  offers: r.offers ?? 0,
})

type PostgresTransaction = { execute: (query: unknown) => Promise<unknown> }

/** PostgreSQL: holds decisions about `what` apart until the transaction of `req` ends. SQLite: nothing. */
async function lockFor(payload: Payload, what: string, req: PayloadRequest): Promise<void> {
  if (payload.db.name !== 'postgres' || !req.transactionID) return
  const sessions = (payload.db as unknown as { sessions: Record<string, { db: PostgresTransaction }> }).sessions
  const tx = sessions[String(await req.transactionID)]?.db
  if (!tx) return
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${what}, 0))`)
}

/** PostgreSQL: holds this workshop's decisions apart until the transaction of `req` ends. SQLite: nothing. */
const lockWorkshop = (payload: Payload, id: number | string, req: PayloadRequest) =>
  lockFor(payload, `workshop-seats\n${id}`, req)

/** Whether the database refused a registration row for one of its unique indexes. */
export function isRegistrationConflict(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const errors = (e as { data?: { errors?: { message?: string; tableName?: string }[] } }).data?.errors
    if (
      (e as Error).name === 'ValidationError' &&
      errors?.some((x) => x.tableName === 'workshop_registrations' || x.tableName === 'workshop_credits')
    )
      return true
    const code = (e as { code?: string }).code
    if (
      (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') &&
      /workshop_registrations|workshop_credits|workshop_(email|seat)_idx/.test(
        String(e) + String((e as { constraint?: string }).constraint),
      )
    )
      return true
    if (/UNIQUE constraint failed: workshop_(registrations|credits)/.test(String((e as Error).message ?? '')))
      return true
  }
  return false
}

const COLUMNS = {
  workshop: true,
  name: true,
  email: true,
  status: true,
  seat: true,
  queuedAt: true,
  holdUntil: true,
  offers: true,
  sequence: true,
  createdAt: true,
  price: true,
  paidWith: true,
  paidAt: true,
  reference: true,
  stripeSession: true,
  stripePaymentIntent: true,
  stripeRefund: true,
} as const

type Scene = {
  payload: Payload
  req: PayloadRequest
  workshop: Workshop
  rows: WorkshopRegistration[]
  now: Date
  settings: MailSettings
  timeZone: string
}

/**
 * A workshop's registrations of the statuses `status` picks, with the columns the decisions and mails read
 * (no virtual time-zone field, which would read a global per row).
 */
async function registrationsOf(
  payload: Payload,
  workshopId: number | string,
  status: WhereField,
  reading: PayloadRequest | undefined,
): Promise<WorkshopRegistration[]> {
  const found = await payload.find({
    collection: 'workshop-registrations',
    where: { and: [{ workshop: { equals: workshopId } }, { status }] },
    pagination: false,
    depth: 0,
    select: COLUMNS,
    overrideAccess: true,
    ...(reading ? { req: reading } : {}),
  })
  return found.docs as WorkshopRegistration[]
}

/** What the mails about a registration read: the site's mail settings and the coach's time zone. */
async function mailContext(payload: Payload, reading: PayloadRequest | undefined) {
  // One after the other: on PostgreSQL both go down the transaction's one connection.
  const settings = await mailSettings(payload, reading)
  const timeZone = await readCoachTimeZone(payload, reading)
  return { settings, timeZone }
}

async function readScene(payload: Payload, workshopId: number | string, req: PayloadRequest, now: Date) {
  await lockWorkshop(payload, workshopId, req)
  const reading = readingWith(req)
  const workshop = await payload.findByID({
    collection: 'workshops',
    id: workshopId,
    depth: 0,
    overrideAccess: true,
    ...(reading ? { req: reading } : {}),
  })
  const rows = await registrationsOf(payload, workshopId, { not_in: [...ENDED_STATUSES] }, reading)
  return { payload, req, workshop, rows, now, ...(await mailContext(payload, reading)) } satisfies Scene
}

/** Writes `data` to a registration in the transaction of `req`; answers the row as stored. */
const updateRegistration = (
  payload: Payload,
  id: number,
  data: Partial<WorkshopRegistration>,
  req: PayloadRequest,
): Promise<WorkshopRegistration> =>
  payload.update({ collection: 'workshop-registrations', id, data, depth: 0, overrideAccess: true, req })

const mailKey = (r: WorkshopRegistration, what: string) => `workshop-registration:${r.id}:${what}`

async function queue(
  scene: Scene,
  kind: string,
  r: WorkshopRegistration,
  mail: OutgoingMail,
  key?: string,
  sendAfter?: Date,
) {
  try {
    await enqueueMail(
      scene.payload,
      {
        kind,
        mail,
        now: scene.now,
        reference: `workshop-registrations:${r.id}`,
        ...(key ? { idempotencyKey: key } : {}),
        ...(sendAfter ? { sendAfter } : {}),
      },
      scene.req,
    )
  } catch (error) {
    // SQLite: another decision made the same change a moment ago and queued its mail (the key is unique).
    const sameMail = key && (error as Error).name === 'ValidationError' && /idempotencyKey/.test(String(error))
    if (!sameMail || scene.payload.db.name === 'postgres') throw error
  }
}

/** One of the registration's mails (./mails.ts), made for a workshop, the mail settings and the coach's zone. */
type RegistrationMail = (
  w: Workshop,
  r: WorkshopRegistration,
  s: MailSettings,
  timeZone: string,
  at: Date,
) => OutgoingMail

/**
 * Queues one of the registration's mails to its attendee, made for the scene's workshop; `once` names the
 * change it tells of, so it is queued once however often the decision runs.
 */
const mailAttendee = (scene: Scene, kind: string, r: WorkshopRegistration, mail: RegistrationMail, once?: string) =>
  queue(
    scene,
    kind,
    r,
    mail(scene.workshop, r, scene.settings, scene.timeZone, scene.now),
    once === undefined ? undefined : mailKey(r, once),
  )

/** A seat they now hold (taken, or its details changed): its mail with the invite, and its reminders. */
async function mailSeat(scene: Scene, kind: string, r: WorkshopRegistration, mail: RegistrationMail, once?: string) {
  await mailAttendee(scene, kind, r, mail, once)
  await queueReminders(scene, r)
}

const REMINDERS = [
  { which: '24h', before: 24 * HOUR },
  { which: '1h', before: HOUR },
] as const

/**
 * A seat's reminders, 24 hours and 1 hour before the start (each only while still ahead), keyed by the
 * registration and the start: queued once however often this runs; a new start gets new ones.
 */
async function queueReminders(
  scene: Pick<Scene, 'payload' | 'req' | 'workshop' | 'now' | 'settings' | 'timeZone'>,
  r: WorkshopRegistration,
) {
  const start = new Date(scene.workshop.date).getTime()
  for (const { which, before } of REMINDERS) {
    if (start - before <= scene.now.getTime()) continue
    await queue(
      scene as Scene,
      `workshop-reminder-${which}`,
      r,
      reminderMail(scene.workshop, r, scene.settings, scene.timeZone, which),
      `${registrationUid(r)}:${start}:${which}`,
      new Date(start - before),
    )
  }
}

async function withdrawReminders(payload: Payload, r: WorkshopRegistration, req: PayloadRequest) {
  for (const { which } of REMINDERS) {
    await cancelQueuedMail(
      payload,
      { reference: `workshop-registrations:${r.id}`, kind: `workshop-reminder-${which}` },
      req,
    )
  }
}

/** A registration paid for: its price, how, and (by card) Stripe's ids. Free seats have none. */
type Payment = Pick<WorkshopRegistration, 'paidWith'> &
  Partial<Pick<WorkshopRegistration, 'stripeSession' | 'stripePaymentIntent'>>

/** A new registration: who, and what its seat costs (decision 070). */
type Fresh = {
  id: string
  name: string
  email: string
  /** The same address's ended registration, which becomes the new one. */
  reuse?: WorkshopRegistration
  /** Cents; 0 when free. */
  price: number
  /** The bank transfer's reference of a paid seat. */
  reference: string | null
  /** The credit that pays for the seat, when one does. */
  credit: WorkshopCredit | null
  /** The coach's bank details for the held seat's mail; null when paid by card. */
  bankLines: string[] | null
}

type WriteOptions = {
  fresh?: Fresh
  /** Who cancels, for a 'cancel' change: the attendee, the coach (one registration), or the coach's cancelling the workshop. */
  by?: CancelledBy
  /** How a paid seat cancelled is settled (a seat paid with a credit is always credited). */
  settleAs?: Settlement
  /** The payment a 'confirm' change records. */
  payment?: Payment
}

/** Whether a registration holds a seat paid for (with money or a credit). */
export const paidSeat = (r: Pick<WorkshopRegistration, 'status' | 'price' | 'paidAt'>): boolean =>
  r.status === 'registered' && (r.price ?? 0) > 0 && Boolean(r.paidAt)

/**
 * Writes the changes in order, each with its mail. `fresh` is the new registration (for a 'register',
 * 'waitlist' or, for a seat still to be paid for, 'offer' change naming an id the database does not have).
 * Returns the rows written, by domain id.
 */
async function write(
  scene: Scene,
  changes: Change[],
  { fresh, by = 'attendee', settleAs, payment }: WriteOptions = {},
): Promise<Map<string, WorkshopRegistration>> {
  const { payload, req, workshop, now, settings } = scene
  const byId = new Map(scene.rows.map((r) => [String(r.id), r]))
  const written = new Map<string, WorkshopRegistration>()
  const at = now.toISOString()
  const update = async (id: string, data: Partial<WorkshopRegistration>) => {
    const row = await updateRegistration(payload, byId.get(id)!.id, data, req)
    byId.set(id, row)
    written.set(id, row)
    return row
  }
  for (const c of changes) {
    const isFresh = fresh !== undefined && c.id === fresh.id && !byId.has(c.id)
    if (isFresh) {
      const f = fresh!
      const status = c.type === 'register' ? 'registered' : c.type === 'offer' ? 'offered' : 'waitlisted'
      const byCredit = c.type === 'register' && f.price > 0 && f.credit !== null
      const use = byCredit ? await takeCredit(scene, f.credit!, f.price) : null
      const data = {
        status,
        seat: c.type === 'register' || c.type === 'offer' ? c.seat : null,
        queuedAt: at,
        holdUntil: c.type === 'offer' ? new Date(c.holdUntil).toISOString() : null,
        cancelledAt: null,
        cancelledBy: null,
        price: f.price,
        reference: f.reference,
        paidWith: byCredit ? ('credit' as const) : null,
        paidAt: byCredit ? at : null,
        stripeSession: null,
        stripePaymentIntent: null,
        stripeRefund: null,
      } satisfies Partial<WorkshopRegistration>
      const writeRow = async (): Promise<WorkshopRegistration> => {
        if (f.reuse) {
          return updateRegistration(
            payload,
            f.reuse.id,
            {
              ...data,
              name: f.name,
              offers: c.type === 'offer' ? c.offer : f.reuse.offers,
              sequence: f.reuse.sequence + 1,
            },
            req,
          )
        }
        return payload.create({
          collection: 'workshop-registrations',
          data: {
            ...data,
            workshop: workshop.id,
            name: f.name,
            email: f.email,
            offers: c.type === 'offer' ? c.offer : 0,
            sequence: 0,
          },
          depth: 0,
          overrideAccess: true,
          req,
        })
      }
      const row = await writeRow().catch(async (error: unknown) => {
        // SQLite (no transaction): another registration took the seat a moment ago; the credit this one took
        // goes back before the decision reads again. (PostgreSQL rolls the whole decision back.)
        if (use && payload.db.name !== 'postgres') await giveCreditBack(scene, use)
        throw error
      })
      byId.set(c.id, row)
      written.set(c.id, row)
      if (use) await linkCredit(scene, use, row)
      if (c.type === 'register') await mailSeat(scene, 'workshop-registered', row, registeredMail)
      else if (c.type === 'offer')
        await mailAttendee(scene, 'workshop-seat-held', row, seatHeldMail(f.bankLines), `held:${row.offers}`)
      else await mailAttendee(scene, 'workshop-waitlisted', row, waitlistedMail)
      continue
    }
    switch (c.type) {
      case 'register':
      case 'waitlist':
        throw new Error(`A new registration (${c.id}) was decided without its details.`)
      case 'offer': {
        const row = await update(c.id, {
          status: 'offered',
          seat: c.seat,
          holdUntil: new Date(c.holdUntil).toISOString(),
          offers: c.offer,
        })
        await mailAttendee(scene, 'workshop-offer', row, offerMail, `offer:${c.offer}`)
        break
      }
      case 'confirm': {
        const before = byId.get(c.id)!
        const row = await update(c.id, {
          status: 'registered',
          holdUntil: null,
          sequence: before.sequence + 1,
          ...(payment ? { ...payment, paidAt: at } : {}),
        })
        await mailSeat(scene, 'workshop-registered', row, registeredMail, `confirm:${row.offers}`)
        break
      }
      case 'lapse': {
        const before = byId.get(c.id)!
        const row = await update(c.id, {
          status: 'cancelled',
          seat: null,
          holdUntil: null,
          cancelledAt: at,
          cancelledBy: 'lapsed',
        })
        await mailAttendee(scene, 'workshop-offer-lapsed', row, lapsedMail, `lapse:${before.offers}`)
        break
      }
      case 'withdraw':
        await update(c.id, { status: 'waitlisted', seat: null, holdUntil: null })
        break
      case 'reseat':
        await update(c.id, { seat: c.seat })
        break
      case 'cancel': {
        const before = byId.get(c.id)!
        const heldSeat = before.status === 'registered'
        const settled = paidSeat(before) ? (before.paidWith === 'credit' ? 'credit' : settleAs) : undefined
        if (paidSeat(before) && !settled)
          throw new Error(`Paid seat ${before.id} cancelled without a refund or credit.`)
        // The card's money goes back first: if Stripe refuses, nothing here changes (and the key makes a second
        // try, or a second press, the same refund).
        const refund = settled === 'refund' && before.paidWith === 'stripe' ? await refundSeat(before) : null
        const row = await update(c.id, {
          status: settled === 'refund' ? 'refunded' : settled === 'credit' ? 'credited' : 'cancelled',
          seat: null,
          holdUntil: null,
          cancelledAt: at,
          cancelledBy: by === 'workshop' ? 'coach' : by,
          sequence: before.sequence + (heldSeat ? 1 : 0),
          ...(refund ? { stripeRefund: refund } : {}),
        })
        await withdrawReminders(payload, row, req)
        if (settled === 'credit') await creditSeat(scene, row)
        if (settled === 'refund' && row.paidWith === 'bank-transfer') {
          await queue(
            scene,
            'workshop-refund-due',
            row,
            refundDueMail(workshop, row, settings),
            mailKey(row, `refund-due:${row.queuedAt}`),
          )
        }
        await queue(
          scene,
          'workshop-cancelled',
          row,
          cancelledMail(workshop, row, settings, scene.timeZone, by, heldSeat, settled),
        )
        break
      }
    }
  }
  return written
}

/** The fact a registration's life is: its id, created, and when it (last) began; names its credit and refund once. */
const seatFact = (r: WorkshopRegistration) =>
  `${r.id}-${new Date(r.createdAt).getTime()}-${new Date(r.queuedAt).getTime()}`

/** A card-paid seat's money back through Stripe, once per seat (the idempotency key). Answers the refund's id. */
async function refundSeat(r: WorkshopRegistration): Promise<string> {
  const settings = stripeSettings()
  if (!settings || !r.stripePaymentIntent) {
    throw new Error(`Registration ${r.id} was paid by card, but the site cannot reach Stripe to refund it.`)
  }
  const refund = await refundCardPayment(settings, {
    paymentIntent: r.stripePaymentIntent,
    amount: r.price ?? 0,
    idempotencyKey: `workshop-seat-refund:${seatFact(r)}`,
    metadata: { workshopRegistration: String(r.id) },
  })
  return refund.id
}

/** A credit worth the seat's price for the same address, once per seat given up (its key). */
async function creditSeat(scene: Scene, r: WorkshopRegistration) {
  await scene.payload.create({
    collection: 'workshop-credits',
    data: {
      email: r.email,
      kind: 'credit',
      key: `registration:${seatFact(r)}`,
      amount: r.price ?? 0,
      registration: r.id,
      note: `Seat given up at "${scene.workshop.title}"`,
    },
    depth: 0,
    overrideAccess: true,
    req: scene.req,
  })
}

/** The address's workshop credits not used yet, oldest first (read in the transaction of `req`, if any). */
export async function freeCredits(payload: Payload, email: string, req?: PayloadRequest): Promise<WorkshopCredit[]> {
  const reading = req ? readingWith(req) : undefined
  const { docs } = await payload.find({
    collection: 'workshop-credits',
    where: { email: { equals: normalAddress(email) } },
    sort: 'createdAt',
    pagination: false,
    depth: 0,
    overrideAccess: true,
    ...(reading ? { req: reading } : {}),
  })
  const used = new Set(docs.filter((d) => d.kind === 'use').map((d) => String(d.credit)))
  return docs.filter((d) => d.kind === 'credit' && !used.has(String(d.id)))
}

/**
 * The oldest credit of the address worth at least `price`, if any. On PostgreSQL the address's credits are
 * held apart until the decision's transaction ends (two workshops' decisions never use one credit twice); on
 * SQLite the use's unique key refuses the second, and the decision reads again.
 */
async function creditCovering(scene: Scene, email: string, price: number) {
  await lockFor(scene.payload, `workshop-credits\n${email}`, scene.req)
  return (await freeCredits(scene.payload, email, scene.req)).find((c) => c.amount >= price) ?? null
}

/**
 * Uses a credit for a seat of `price`, before the seat is written: once (the use's key; on SQLite a second
 * use is refused here, before anything else is written, and the decision reads again), the rest of a larger
 * credit kept as a new one. `linkCredit` then names the seat it paid for.
 */
async function takeCredit(scene: Scene, credit: WorkshopCredit, price: number): Promise<WorkshopCredit> {
  const entry = (data: Partial<WorkshopCredit>) =>
    scene.payload.create({
      collection: 'workshop-credits',
      data: { email: credit.email, ...data } as WorkshopCredit,
      depth: 0,
      overrideAccess: true,
      req: scene.req,
    })
  const use = await entry({
    kind: 'use',
    key: `use:${credit.id}`,
    amount: -credit.amount,
    credit: credit.id,
    note: `Seat at "${scene.workshop.title}"`,
  })
  const rest = credit.amount - price
  if (rest > 0) {
    await entry({
      kind: 'credit',
      key: `rest:${credit.id}`,
      amount: rest,
      note: `Left of a credit used at "${scene.workshop.title}"`,
    })
  }
  return use
}

/** Undoes `takeCredit` (SQLite, when the seat it was taken for went to another registration first). */
async function giveCreditBack(scene: Scene, use: WorkshopCredit) {
  const { payload } = scene
  const credit = String(use.credit)
  await payload.delete({
    collection: 'workshop-credits',
    where: { key: { in: [`use:${credit}`, `rest:${credit}`] } },
    overrideAccess: true,
  })
}

const linkCredit = (scene: Scene, use: WorkshopCredit, r: WorkshopRegistration) =>
  scene.payload.update({
    collection: 'workshop-credits',
    id: use.id,
    data: { registration: r.id },
    depth: 0,
    overrideAccess: true,
    req: scene.req,
  })

export type CancelledBy = 'attendee' | 'coach' | 'workshop'

const running = new Map<string, Promise<unknown>>()

/**
 * Runs `work` after every decision about the same workshop this process started before it: in one instance
 * they never race (200 registrations at once are decided one after another, not 200 times over); instances
 * still race each other, which the lock and the unique seat decide.
 */
function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = running.get(key) ?? Promise.resolve()
  const mine = before.then(work, work)
  const settled = mine.then(
    () => undefined,
    () => undefined,
  )
  running.set(key, settled)
  void settled.then(() => {
    if (running.get(key) === settled) running.delete(key)
  })
  return mine
}

/** Runs `work` on the workshop's registrations as stored, reading again when a race for a seat was lost. */
function decide<T>(
  payload: Payload,
  workshopId: number | string,
  now: Date,
  work: (scene: Scene) => Promise<T>,
  outer?: PayloadRequest,
): Promise<T> {
  // Inside the caller's PostgreSQL transaction a refused row aborts it: the lock makes a second try needless.
  const mayTryAgain = !outer || payload.db.name !== 'postgres'
  return oneAtATime(String(workshopId), async () => {
    for (let tries = 1; ; tries++) {
      try {
        return outer
          ? await work(await readScene(payload, workshopId, outer, now))
          : await inTransaction(payload, async (req) => work(await readScene(payload, workshopId, req, now)))
      } catch (error) {
        if (!mayTryAgain || tries >= TRIES || !isRegistrationConflict(error)) throw error
      }
    }
  })
}

export type RegisterOutcome =
  /** `held`: a paid seat held for them until they pay (decision 070). */
  | { outcome: 'registered' | 'held' | 'waitlisted'; registration: WorkshopRegistration }
  | { outcome: 'closed' | 'full' }
  /** The address was registered, held a seat or was waiting already: that registration, unchanged. */
  | { outcome: 'already'; registration: WorkshopRegistration }

/** The coach's bank details and a seat's reference, as the held seat's mail lists them; null when paid by card. */
async function bankLinesFor(scene: Scene, reference: string): Promise<string[] | null> {
  if (stripeSettings()) return null
  const reading = readingWith(scene.req)
  const details = await scene.payload.findGlobal({
    slug: 'payment-details',
    depth: 0,
    overrideAccess: true,
    ...(reading ? { req: reading } : {}),
  })
  return paymentLines(details, reference)
}

/**
 * Registers `email` for the workshop: a seat while one is free, else the waitlist (while it has room), else
 * refused; one registration per address (`already` for a second). Only for an address its owner has proved
 * (the confirmation link, decision 080): a credit of the address's pays for a paid seat at once.
 */
export function registerForWorkshop(
  payload: Payload,
  workshopId: number | string,
  person: { name: string; email: string },
  now: Date,
  req?: PayloadRequest,
): Promise<RegisterOutcome> {
  const email = normalAddress(person.email)
  return decide(
    payload,
    workshopId,
    now,
    async (scene) => {
      const t = termsOf(scene.workshop)
      const regs = scene.rows.map(asDomain)
      const price = priceCents(scene.workshop.price)
      const mine = scene.rows.find((r) => r.email === email)
      if (mine) return { outcome: 'already', registration: mine }
      const reuse = (
        await scene.payload.find({
          collection: 'workshop-registrations',
          where: { and: [{ workshop: { equals: workshopId } }, { email: { equals: email } }] },
          limit: 1,
          depth: 0,
          overrideAccess: true,
          ...(readingWith(scene.req) ? { req: scene.req } : {}),
        })
      ).docs[0]
      const id = reuse ? String(reuse.id) : 'new'
      // A paid seat: a credit of the address's that covers it pays for it; else it is held until they pay.
      const credit = price > 0 ? await creditCovering(scene, email, price) : null
      const paymentDue = price > 0 && !credit
      const reference = price > 0 ? transferReference('WS') : null
      const d = register(t, reuse ? [...regs, asDomain(reuse)] : regs, now.getTime(), id, { paymentDue })
      const fresh: Fresh = {
        id,
        name: person.name,
        email,
        ...(reuse ? { reuse } : {}),
        price,
        reference,
        credit,
        bankLines: paymentDue && d.outcome === 'held' ? await bankLinesFor(scene, reference!) : null,
      }
      const written = await write(scene, d.changes, { fresh })
      if (d.outcome === 'closed' || d.outcome === 'full') return { outcome: d.outcome }
      return { outcome: d.outcome, registration: written.get(id)! }
    },
    req,
  )
}

/**
 * Cancels a registration: by the attendee until 48 hours before the start, by the coach at any time. A seat
 * paid for is settled as `settleAs` says (decision 070): its money back (refunded) or a credit for a later
 * workshop (credited); a seat paid with a credit is credited again. Without `settleAs`, a paid seat is left as
 * it is (`choose`).
 */
export function cancelRegistration(
  payload: Payload,
  registration: Pick<WorkshopRegistration, 'id' | 'workshop'>,
  by: 'attendee' | 'coach',
  now: Date,
  settleAs?: Settlement,
): Promise<'cancelled' | 'refunded' | 'credited' | 'choose' | 'too-late' | 'not-live'> {
  return decide(payload, workshopIdOf(registration), now, async (scene) => {
    const d = cancel(termsOf(scene.workshop), scene.rows.map(asDomain), now.getTime(), String(registration.id), by)
    const before = scene.rows.find((r) => String(r.id) === String(registration.id))
    const paid = d.outcome === 'cancelled' && before !== undefined && paidSeat(before)
    if (paid && !settleAs && before.paidWith !== 'credit') return 'choose'
    const written = await write(scene, d.changes, { by, ...(settleAs ? { settleAs } : {}) })
    if (d.outcome !== 'cancelled') return d.outcome
    const status = written.get(String(registration.id))?.status
    return status === 'refunded' || status === 'credited' ? status : 'cancelled'
  })
}

/**
 * The coach cancels the whole workshop: everyone registered, offered a seat or waiting is cancelled and told by
 * mail (whoever held a seat also gets the invite's cancellation), and the workshop leaves the site
 * (unpublished), in one transaction; the coach may then delete it. Answers how many people were told.
 */
export function cancelWorkshop(
  payload: Payload,
  workshopId: number | string,
  now: Date,
  settleAs?: Settlement,
): Promise<number | 'choose'> {
  return decide(payload, workshopId, now, async (scene) => {
    const changes = cancelAll(scene.rows.map(asDomain))
    if (!settleAs && scene.rows.some((r) => paidSeat(r) && r.paidWith !== 'credit')) return 'choose'
    await write(scene, changes, { by: 'workshop', ...(settleAs ? { settleAs } : {}) })
    if (scene.workshop.published !== false) {
      await payload.update({
        collection: 'workshops',
        id: workshopId,
        data: { published: false },
        depth: 0,
        overrideAccess: true,
        req: scene.req,
      })
    }
    return changes.length
  })
}

/**
 * The offered person takes the seat held for them. A seat with a price is taken by paying for it
 * (`confirmPayment`), or here with a credit of theirs that covers it; without one, `payment-due`.
 */
export function confirmOffer(
  payload: Payload,
  registration: Pick<WorkshopRegistration, 'id' | 'workshop'>,
  now: Date,
): Promise<'registered' | 'already' | 'lapsed' | 'not-offered' | 'payment-due'> {
  return decide(payload, workshopIdOf(registration), now, async (scene) => {
    const d = confirm(termsOf(scene.workshop), scene.rows.map(asDomain), now.getTime(), String(registration.id))
    const row = scene.rows.find((r) => String(r.id) === String(registration.id))
    if (d.outcome !== 'registered' || !row || !row.price) {
      await write(scene, d.changes)
      return d.outcome
    }
    const credit = await creditCovering(scene, row.email, row.price)
    if (!credit) {
      await write(
        scene,
        d.changes.filter((c) => c.type !== 'confirm'),
      )
      return 'payment-due'
    }
    const use = await takeCredit(scene, credit, row.price)
    const written = await write(scene, d.changes, { payment: { paidWith: 'credit' } })
    await linkCredit(scene, use, written.get(String(row.id))!)
    return 'registered'
  })
}

export type PaymentOutcome = 'registered' | 'already' | 'lapsed' | 'not-offered'

/**
 * A held seat's payment arrived (decision 070): the coach marked the bank transfer received, or Stripe
 * confirmed the card payment. The seat is theirs (registered, mailed the invite) while the hold lasts, once
 * however often it is told (`already`); after the hold ran out (`lapsed`) or for a registration holding no
 * seat (`not-offered`) nothing changes, and the caller gives the money back.
 */
export function confirmPayment(
  payload: Payload,
  registration: Pick<WorkshopRegistration, 'id' | 'workshop'>,
  payment: Payment,
  now: Date,
): Promise<PaymentOutcome> {
  return decide(payload, workshopIdOf(registration), now, async (scene) => {
    const row = scene.rows.find((r) => String(r.id) === String(registration.id))
    if (row && row.status === 'registered' && row.paidAt) return 'already'
    const d = confirm(termsOf(scene.workshop), scene.rows.map(asDomain), now.getTime(), String(registration.id))
    if (d.outcome === 'registered' && row?.price) {
      await write(scene, d.changes, { payment })
      return 'registered'
    }
    await write(
      scene,
      d.changes.filter((c) => c.type !== 'confirm'),
    )
    return d.outcome === 'registered' || d.outcome === 'already' ? 'not-offered' : d.outcome
  })
}

/** What the clock and the seats call for on one workshop: lapsed holds end, free seats go to the line. */
export function settleWorkshop(payload: Payload, workshopId: number | string, now: Date, req?: PayloadRequest) {
  return decide(
    payload,
    workshopId,
    now,
    async (scene) => {
      const changes = settle(termsOf(scene.workshop), scene.rows.map(asDomain), now.getTime())
      if (changes.length) await write(scene, changes)
      return changes.length
    },
    req,
  )
}

/**
 * The periodic sweep (started with the mail worker): every workshop with a hold that ran out, or with people
 * waiting, is settled. Returns how many changes were written.
 */
export async function settleWorkshops(payload: Payload, now: Date): Promise<number> {
  const due = await payload.find({
    collection: 'workshop-registrations',
    where: {
      or: [
        { and: [{ status: { equals: 'offered' } }, { holdUntil: { less_than_equal: now.toISOString() } }] },
        { status: { equals: 'waitlisted' } },
      ],
    },
    pagination: false,
    depth: 0,
    select: { workshop: true },
    overrideAccess: true,
  })
  const ids = [...new Set(due.docs.map((r) => workshopIdOf(r)))]
  let changed = 0
  for (const id of ids) changed += await settleWorkshop(payload, id, now)
  return changed
}

export const workshopIdOf = (r: Pick<WorkshopRegistration, 'workshop'>): number | string =>
  typeof r.workshop === 'object' ? r.workshop.id : r.workshop

/**
 * How many people hold a seat (registered or offered) and how many wait, for the registration page ("Only 3
 * seats left.", "Join the waitlist"), the workshops page and the form's refusals: the same for every visitor.
 */
export async function seatCounts(
  payload: Payload,
  workshopId: number | string,
  req?: Partial<PayloadRequest>,
): Promise<{ live: number; waiting: number }> {
  const count = async (status: string[]) =>
    (
      await payload.count({
        collection: 'workshop-registrations',
        where: { and: [{ workshop: { equals: workshopId } }, { status: { in: status } }] },
        overrideAccess: true,
        ...(req ? { req } : {}),
      })
    ).totalDocs
  return { live: await count(['registered', 'offered']), waiting: await count(['waitlisted']) }
}

const TEN_MINUTES = 10 * 60 * 1000

/**
 * The registration form's mail (decision 080), the same answer whatever the typed address holds: an address
 * registered, offered a seat or waiting is mailed what it has with its own link ("already registered"); any
 * other gets the link that confirms the registration. Nothing is stored, no seat is held and no credit is
 * spent until the owner of the address opens that link. Queued once per address and workshop in ten minutes
 * (a double submit, or the same address typed again and again, is one mail), and through the outbox's hourly
 * ceiling on mail to typed addresses (`req` is the visitor's post).
 */
export async function mailConfirmation(
  payload: Payload,
  workshop: Workshop,
  person: { name: string; email: string },
  now: Date,
  req: PayloadRequest,
): Promise<void> {
  const email = normalAddress(person.email)
  const settings = await mailSettings(payload, req)
  const timeZone = await readCoachTimeZone(payload, req)
  const window = Math.floor(now.getTime() / TEN_MINUTES)
  const live = (
    await payload.find({
      collection: 'workshop-registrations',
      where: {
        and: [
          { workshop: { equals: workshop.id } },
          { email: { equals: email } },
          { status: { not_in: [...ENDED_STATUSES] } },
        ],
      },
      limit: 1,
      depth: 0,
      select: COLUMNS,
      overrideAccess: true,
      req,
    })
  ).docs[0] as WorkshopRegistration | undefined
  const queued = live
    ? {
        kind: 'workshop-already',
        mail: alreadyRegisteredMail(workshop, live, settings, timeZone),
        reference: `workshop-registrations:${live.id}`,
        idempotencyKey: `workshop-already:${live.id}:${window}`,
      }
    : {
        kind: 'workshop-confirm',
        mail: confirmationMail(
          workshop,
          email,
          `${settings.siteUrl}${confirmationPath({ workshop: workshop.id, email, name: person.name, askedAt: now.getTime() })}`,
          settings,
          timeZone,
          now,
        ),
        reference: `workshops:${workshop.id}`,
        idempotencyKey: `workshop-confirm:${workshop.id}:${keyedHash(payloadSecret(), email).slice(0, 32)}:${window}`,
      }
  try {
    await enqueueMail(payload, { ...queued, now }, req)
  } catch (error) {
    // A double submit: the other post queued this very mail a moment ago (the key is unique).
    if (!((error as Error).name === 'ValidationError' && /idempotencyKey/.test(String(error)))) throw error
  }
}

/**
 * The coach changed the time or the place: everyone registered gets the updated invite (same UID, SEQUENCE
 * raised) with the new details, and their reminders follow the new start. In the coach's save (`req`).
 */
export async function mailWorkshopChanged(payload: Payload, workshop: Workshop, req: PayloadRequest, now = new Date()) {
  const reading = readingWith(req)
  const docs = await registrationsOf(payload, workshop.id, { equals: 'registered' }, reading)
  const scene = { payload, req, workshop, now, ...(await mailContext(payload, reading)), rows: [] } satisfies Scene
  for (const before of docs) {
    const row = await updateRegistration(payload, before.id, { sequence: before.sequence + 1 }, req)
    await withdrawReminders(payload, row, req)
    await mailSeat(scene, 'workshop-updated', row, updatedMail, `update:${row.sequence}`)
  }
  return docs.length
}
