import { sql } from 'drizzle-orm'
import type { Payload, PayloadRequest, WhereField } from 'payload'

import { normalAddress } from '@/domain/people'
import {
  cancel,
  cancelAll,
  confirm,
  register,
  settle,
  type Change,
  type Registration,
  type WorkshopTerms,
} from '@/domain/workshop-seats'
import { readCoachTimeZone } from '@/features/booking/coach-time-zone'
import type { Workshop, WorkshopRegistration } from '@/payload-types'
import { cancelQueuedMail, enqueueMail } from '@/platform/mail/outbox'
import { mailSettings, type MailSettings } from '@/platform/mail/settings'
import type { OutgoingMail } from '@/platform/mail/transport'
import { inTransaction, readingWith } from '@/platform/transaction'
import {
  alreadyRegisteredMail,
  cancelledMail,
  lapsedMail,
  offerMail,
  registeredMail,
  reminderMail,
  updatedMail,
  waitlistedMail,
} from './mails'
import { registrationUid } from './manage-token'

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

export const termsOf = (w: Workshop): WorkshopTerms => ({
  seats: w.seats ?? 20,
  startsAt: new Date(w.date).getTime(),
  registrationClosesAt: new Date(w.registrationClosesAt ?? w.date).getTime(),
  waitlist: w.waitlist !== false,
  holdMs: (w.holdHours ?? 24) * HOUR,
})

const asDomain = (r: WorkshopRegistration): Registration => ({
  id: String(r.id),
  status: r.status,
  queuedAt: new Date(r.queuedAt).getTime(),
  seat: r.seat ?? null,
  holdUntil: r.holdUntil ? new Date(r.holdUntil).getTime() : null,
  offers: r.offers ?? 0,
})

type PostgresTransaction = { execute: (query: unknown) => Promise<unknown> }

/** PostgreSQL: holds this workshop's decisions apart until the transaction of `req` ends. SQLite: nothing. */
async function lockWorkshop(payload: Payload, id: number | string, req: PayloadRequest): Promise<void> {
  if (payload.db.name !== 'postgres' || !req.transactionID) return
  const sessions = (payload.db as unknown as { sessions: Record<string, { db: PostgresTransaction }> }).sessions
  const tx = sessions[String(await req.transactionID)]?.db
  if (!tx) return
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`workshop-seats\n${id}`}, 0))`)
}

/** Whether the database refused a registration row for one of its unique indexes. */
export function isRegistrationConflict(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const errors = (e as { data?: { errors?: { message?: string; tableName?: string }[] } }).data?.errors
    if ((e as Error).name === 'ValidationError' && errors?.some((x) => x.tableName === 'workshop_registrations'))
      return true
    const code = (e as { code?: string }).code
    if (
      (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') &&
      /workshop_registrations|workshop_(email|seat)_idx/.test(
        String(e) + String((e as { constraint?: string }).constraint),
      )
    )
      return true
    if (/UNIQUE constraint failed: workshop_registrations/.test(String((e as Error).message ?? ''))) return true
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
  const rows = await registrationsOf(payload, workshopId, { not_equals: 'cancelled' }, reading)
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
type RegistrationMail = (w: Workshop, r: WorkshopRegistration, s: MailSettings, timeZone: string) => OutgoingMail

/**
 * Queues one of the registration's mails to its attendee, made for the scene's workshop; `once` names the
 * change it tells of, so it is queued once however often the decision runs.
 */
const mailAttendee = (scene: Scene, kind: string, r: WorkshopRegistration, mail: RegistrationMail, once?: string) =>
  queue(
    scene,
    kind,
    r,
    mail(scene.workshop, r, scene.settings, scene.timeZone),
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

/**
 * Writes the changes in order, each with its mail. `fresh` is the new registration's name and e-mail (for a
 * 'register' or 'waitlist' change naming an id the database does not have); `reuse` the id of the same
 * address's cancelled registration, which becomes the new one. Returns the rows written, by domain id.
 */
async function write(
  scene: Scene,
  changes: Change[],
  fresh?: { id: string; name: string; email: string; reuse?: WorkshopRegistration },
  /** Who cancels, for a 'cancel' change: the attendee, the coach (one registration), or the coach's cancelling the workshop. */
  by: CancelledBy = 'attendee',
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
    switch (c.type) {
      case 'register':
      case 'waitlist': {
        const data = {
          status: c.type === 'register' ? ('registered' as const) : ('waitlisted' as const),
          seat: c.type === 'register' ? c.seat : null,
          queuedAt: at,
          holdUntil: null,
          cancelledAt: null,
          cancelledBy: null,
        }
        let row: WorkshopRegistration
        if (fresh?.reuse) {
          row = await updateRegistration(
            payload,
            fresh.reuse.id,
            { ...data, name: fresh.name, offers: 0, sequence: fresh.reuse.sequence + 1 },
            req,
          )
        } else {
          row = await payload.create({
            collection: 'workshop-registrations',
            data: { ...data, workshop: workshop.id, name: fresh!.name, email: fresh!.email, offers: 0, sequence: 0 },
            depth: 0,
            overrideAccess: true,
            req,
          })
        }
        byId.set(c.id, row)
        written.set(c.id, row)
        if (c.type === 'register') await mailSeat(scene, 'workshop-registered', row, registeredMail)
        else await mailAttendee(scene, 'workshop-waitlisted', row, waitlistedMail)
        break
      }
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
        const row = await update(c.id, { status: 'registered', holdUntil: null, sequence: before.sequence + 1 })
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
        const row = await update(c.id, {
          status: 'cancelled',
          seat: null,
          holdUntil: null,
          cancelledAt: at,
          cancelledBy: by === 'workshop' ? 'coach' : by,
          sequence: before.sequence + (heldSeat ? 1 : 0),
        })
        await withdrawReminders(payload, row, req)
        await queue(
          scene,
          'workshop-cancelled',
          row,
          cancelledMail(workshop, row, settings, scene.timeZone, by, heldSeat),
        )
        break
      }
    }
  }
  return written
}

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
  | { outcome: 'registered' | 'waitlisted'; registration: WorkshopRegistration }
  | { outcome: 'closed' | 'full' }
  /** The address was registered (or waiting) already: mailed what it has; answered as a new one would be. */
  | { outcome: 'already'; answer: 'registered' | 'waitlisted' | 'closed' | 'full' }

/**
 * Registers `email` for the workshop: a seat while one is free, else the waitlist, else refused; one
 * registration per address (a second one is mailed the first, and answered as a new one would be).
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
      const mine = scene.rows.find((r) => r.email === email)
      if (mine) {
        const answer = register(t, regs, now.getTime(), 'new').outcome
        await mailAttendee(scene, 'workshop-already', mine, alreadyRegisteredMail)
        return { outcome: 'already', answer }
      }
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
      const d = register(t, regs, now.getTime(), id)
      const written = await write(scene, d.changes, { id, name: person.name, email, ...(reuse ? { reuse } : {}) })
      if (d.outcome === 'closed' || d.outcome === 'full') return { outcome: d.outcome }
      return { outcome: d.outcome, registration: written.get(id)! }
    },
    req,
  )
}

/** Cancels a registration: by the attendee until 48 hours before the start, by the coach at any time. */
export function cancelRegistration(
  payload: Payload,
  registration: Pick<WorkshopRegistration, 'id' | 'workshop'>,
  by: 'attendee' | 'coach',
  now: Date,
): Promise<'cancelled' | 'too-late' | 'not-live'> {
  return decide(payload, workshopIdOf(registration), now, async (scene) => {
    const d = cancel(termsOf(scene.workshop), scene.rows.map(asDomain), now.getTime(), String(registration.id), by)
    await write(scene, d.changes, undefined, by)
    return d.outcome
  })
}

/**
 * The coach cancels the whole workshop: everyone registered, offered a seat or waiting is cancelled and told by
 * mail (whoever held a seat also gets the invite's cancellation), and the workshop leaves the site
 * (unpublished), in one transaction; the coach may then delete it. Answers how many people were told.
 */
export function cancelWorkshop(payload: Payload, workshopId: number | string, now: Date): Promise<number> {
  return decide(payload, workshopId, now, async (scene) => {
    const changes = cancelAll(scene.rows.map(asDomain))
    await write(scene, changes, undefined, 'workshop')
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

/** The offered person takes the seat held for them. */
export function confirmOffer(
  payload: Payload,
  registration: Pick<WorkshopRegistration, 'id' | 'workshop'>,
  now: Date,
): Promise<'registered' | 'already' | 'lapsed' | 'not-offered'> {
  return decide(payload, workshopIdOf(registration), now, async (scene) => {
    const d = confirm(termsOf(scene.workshop), scene.rows.map(asDomain), now.getTime(), String(registration.id))
    await write(scene, d.changes)
    return d.outcome
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

/** Seats still free, for the registration page ("Only 3 seats left."). */
export async function seatsTaken(payload: Payload, workshopId: number | string): Promise<number> {
  const { totalDocs } = await payload.count({
    collection: 'workshop-registrations',
    where: { and: [{ workshop: { equals: workshopId } }, { status: { in: ['registered', 'offered'] } }] },
    overrideAccess: true,
  })
  return totalDocs
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
