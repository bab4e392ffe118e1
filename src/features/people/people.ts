import type { Payload, PayloadRequest, TypedUser, Where } from 'payload'

import { addressIn, holdingsLine, normalAddress, personKey, SUBSCRIPTION_WORDS, type Holdings } from '@/domain/people'
import { hasEnded } from '@/domain/workshop-seats'
import { readAvailability } from '@/features/booking/calls'
import { dayKey, dayLabel, timeLabel } from '@/features/booking/format'
import { balance, type LedgerEntry } from '@/domain/credits'
import { formatCents } from '@/domain/packages'
import { PURCHASE_STATUSES } from '@/features/packages/Purchases'
import type {
  AgreementVersion,
  CoachingSession,
  ContactMessage,
  CreditEntry,
  DiscoveryCall,
  MailOutbox,
  PersonNote,
  Purchase,
  Subscriber,
  Workshop,
  WorkshopRegistration,
} from '@/payload-types'
import { ifAllowed } from '@/platform/access'
import { payloadSecret } from '@/platform/secret'
import { deleteInTurn, readingWith } from '@/platform/transaction'
import { REGISTRATION_STATUS_LABELS } from '@/features/workshops/WorkshopRegistrations'

/*
 * People: one row per e-mail address the site holds, gathered from the messages, the discovery calls, the
 * workshop registrations, the subscribers and the coach's notes (addresses compared trimmed and lower-cased, ../../domain/people.ts).
 * Everything is read as the logged-in user may read it (overrideAccess: false): a list they may not read
 * adds nobody and shows nothing on a person's page. The admin's screens are ./PeopleView.tsx and
 * ./PersonView.tsx; the download and the erasure (admins only) are ./endpoints.ts.
 */

export const PEOPLE_IN_ADMIN = '/admin/people'
export const personPath = (email: string): string => `${PEOPLE_IN_ADMIN}/${personKey(payloadSecret(), email)}`

export type PersonRow = {
  key: string
  email: string
  /** The latest name they gave (a message or a booking), or null. */
  name: string | null
  /** "2 messages · 1 call · subscribed" */
  holds: string
  /** The latest time they wrote, booked or subscribed (ISO), or null (notes only). */
  lastContact: string | null
}

type Reader = { payload: Payload; user: TypedUser; req?: Partial<PayloadRequest> }

type Slug =
  | 'contact-messages'
  | 'discovery-calls'
  | 'workshop-registrations'
  | 'subscribers'
  | 'person-notes'
  | 'purchases'
  | 'coaching-sessions'
  | 'credit-entries'

/** Every row of a list (of those `where` picks) with the fields asked for, as `r.user` may read it. */
async function rowsOf<T>(r: Reader, collection: Slug, where?: Where): Promise<T[] | undefined> {
  const found = await ifAllowed(() =>
    r.payload.find({
      collection,
      ...(where ? { where } : {}),
      pagination: false,
      depth: 0,
      overrideAccess: false,
      user: r.user,
      ...(r.req ? { req: r.req } : {}),
    }),
  )
  return found?.docs as T[] | undefined
}

const later = (a: string | null, b: string | null | undefined): string | null => (b && (!a || b > a) ? b : a)

/** Everyone the site holds an address of, newest contact first; `search` narrows to an address or a name. */
export async function listPeople(
  payload: Payload,
  user: TypedUser,
  { search = '' }: { search?: string } = {},
): Promise<PersonRow[]> {
  const r = { payload, user }
  const [messages, calls, registrations, subscribers, notes, purchases] = await Promise.all([
    rowsOf<ContactMessage>(r, 'contact-messages'),
    rowsOf<DiscoveryCall>(r, 'discovery-calls'),
    rowsOf<WorkshopRegistration>(r, 'workshop-registrations'),
    rowsOf<Subscriber>(r, 'subscribers'),
    rowsOf<PersonNote>(r, 'person-notes'),
    rowsOf<Purchase>(r, 'purchases'),
  ])
  type Gathered = Holdings & { email: string; name: string | null; namedAt: string; lastContact: string | null }
  const people = new Map<string, Gathered>()
  const person = (email: string): Gathered => {
    const address = normalAddress(email)
    let p = people.get(address)
    if (!p) {
      p = {
        email: address,
        name: null,
        namedAt: '',
        lastContact: null,
        messages: 0,
        calls: 0,
        workshops: 0,
        purchases: 0,
        subscription: null,
        notes: false,
      }
      people.set(address, p)
    }
    return p
  }
  const named = (p: Gathered, name: string, at: string) => {
    if (at >= p.namedAt) Object.assign(p, { name, namedAt: at })
  }
  for (const m of messages ?? []) {
    const p = person(m.email)
    p.messages++
    named(p, m.name, m.receivedAt)
    p.lastContact = later(p.lastContact, m.receivedAt)
  }
  for (const c of calls ?? []) {
    const p = person(c.email)
    p.calls++
    named(p, c.name, c.createdAt)
    p.lastContact = later(p.lastContact, c.createdAt)
  }
  for (const w of registrations ?? []) {
    const p = person(w.email)
    p.workshops++
    named(p, w.name, w.createdAt)
    p.lastContact = later(p.lastContact, w.createdAt)
  }
  for (const s of subscribers ?? []) {
    const p = person(s.email)
    p.subscription = SUBSCRIPTION_WORDS[s.status] ?? s.status
    p.lastContact = later(p.lastContact, s.consentAt ?? s.requestedAt ?? s.createdAt)
  }
  for (const b of purchases ?? []) {
    const p = person(b.email)
    p.purchases = (p.purchases ?? 0) + 1
    if (b.agreedName && b.agreedAt) named(p, b.agreedName, b.agreedAt)
    p.lastContact = later(p.lastContact, b.createdAt)
  }
  for (const n of notes ?? []) person(n.email).notes = true

  const secret = payloadSecret()
  const wanted = search.trim().toLowerCase()
  return [...people.values()]
    .filter((p) => !wanted || p.email.includes(wanted) || (p.name ?? '').toLowerCase().includes(wanted))
    .sort((a, b) => (b.lastContact ?? '').localeCompare(a.lastContact ?? '') || a.email.localeCompare(b.email))
    .map((p) => ({
      key: personKey(secret, p.email),
      email: p.email,
      name: p.name,
      holds: holdingsLine(p),
      lastContact: p.lastContact,
    }))
}

/** The address behind a key, if the site holds anything about it that this user may read. */
export async function addressOfKey(payload: Payload, user: TypedUser, key: string): Promise<string | null> {
  if (!/^[0-9a-f]{32}$/.test(key)) return null
  const row = (await listPeople(payload, user)).find((p) => p.key === key)
  return row?.email ?? null
}

/**
 * The rows of a list whose `field` holds this address in any case. The database narrows with `like` (case-
 * insensitive on both databases; `_` and `%` in an address only widen it); the exact comparison is here.
 */
async function rowsFor<T>(
  r: Reader,
  collection: Slug,
  email: string,
  field = 'email',
  address: (value: string) => string = normalAddress,
): Promise<T[] | undefined> {
  const rows = await rowsOf<T>(r, collection, { [field]: { like: email } })
  return rows?.filter((row) => address(String((row as Record<string, unknown>)[field] ?? '')) === email)
}

export type PersonCall = { id: number; when: string; status: string; upcoming: boolean; href: string }
export type PersonMessage = { id: number; when: string; inquiryType: string; excerpt: string; href: string }
export type PersonRegistration = { id: number; workshop: string; when: string; status: string; href: string }

export type PersonPurchase = {
  id: number
  reference: string
  packageTitle: string
  status: string
  /** Money received and refunded, written out ("$150"), from the ledger; "$0" before it is paid. */
  paid: string
  refunded: string
  method: string
  when: string
  href: string
  /** The agreement accepted: its version, the SHA-256 of its text, the name typed, when. */
  agreement: { version: string; hash: string; name: string; at: string } | null
  intake: { question: string; answer: string }[]
}
export type PersonCredits = {
  bought: number
  used: number
  booked: number
  left: number
  forfeited: number
  refunded: number
}
export type PersonSession = { id: number; when: string; packageTitle: string; status: string; href: string }

export type Person = {
  key: string
  email: string
  name: string | null
  timeZone: string
  messages: PersonMessage[] | null
  calls: PersonCall[] | null
  /** Null when the user may not read the registrations. */
  registrations: PersonRegistration[] | null
  subscriber: null | {
    status: string
    confirmedAt: string | null
    since: string | null
    /** Why they left, or how they came back (../newsletter/leaving.ts), in the coach's words. */
    why: string | null
    href: string
  }
  /** Null when the user may not read the subscribers. */
  subscriptionReadable: boolean
  /** Null when the user may not read the deliveries (../newsletter/permission.ts). */
  deliveries: number | null
  note: { id: number; notes: string } | null
  /** Their purchases of coaching packages; null when the user may not read purchases (admins only). */
  purchases: PersonPurchase[] | null
  /** Their session credits from the ledger; null when they hold none, or the user may not read them. */
  credits: PersonCredits | null
  /** Their coaching sessions, latest first; null when the user may not read them. */
  sessions: PersonSession[] | null
}

const when = (iso: string, timeZone: string): string => {
  const d = new Date(iso)
  return `${dayLabel(d, timeZone)}, ${dayKey(d, timeZone).slice(0, 4)}, ${timeLabel(d, timeZone)}`
}

const SESSION_STATUS: Record<string, string> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  held: 'Held',
  missed: 'Missed',
}

const PAYMENT_METHOD: Record<string, string> = { 'bank-transfer': 'bank transfer', stripe: 'card' }

const intakeOf = (value: unknown): { question: string; answer: string }[] =>
  Array.isArray(value)
    ? value
        .filter((a): a is { question: unknown; answer: unknown } => Boolean(a) && typeof a === 'object')
        .map((a) => ({ question: String(a.question ?? ''), answer: String(a.answer ?? '') }))
    : []

/** The numbers of the agreement versions some purchases accepted, by id. */
async function versionNumbers(payload: Payload, purchases: Purchase[]): Promise<Map<number, number>> {
  const ids = [
    ...new Set(
      purchases
        .map((p) => (typeof p.agreementVersion === 'object' ? p.agreementVersion?.id : p.agreementVersion))
        .filter((id): id is number => typeof id === 'number'),
    ),
  ]
  if (ids.length === 0) return new Map()
  const { docs } = await payload.find({
    collection: 'agreement-versions',
    where: { id: { in: ids } },
    pagination: false,
    depth: 0,
    select: { number: true, title: true },
    overrideAccess: true,
  })
  return new Map(docs.map((v: Pick<AgreementVersion, 'id' | 'number'>) => [v.id, v.number]))
}

/** A person's purchases as their page lists them, with the money of each from their ledger. */
async function purchasesOf(
  payload: Payload,
  purchases: Purchase[],
  entries: CreditEntry[] | undefined,
  timeZone: string,
): Promise<PersonPurchase[]> {
  const money = balance((entries ?? []).map((e) => e.entry as LedgerEntry)).purchases
  const versions = await versionNumbers(payload, purchases)
  const statuses = new Map<string, string>(PURCHASE_STATUSES.map((s) => [s.value, s.label]))
  return [...purchases]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((p) => {
      const b = money[String(p.id)]
      const versionId = typeof p.agreementVersion === 'object' ? p.agreementVersion?.id : p.agreementVersion
      const version = typeof versionId === 'number' ? versions.get(versionId) : undefined
      return {
        id: p.id,
        reference: p.reference ?? '',
        packageTitle: p.packageTitle,
        status: statuses.get(p.status) ?? p.status,
        paid: formatCents(b?.paid ?? 0),
        refunded: formatCents(b?.refundedAmount ?? 0),
        method: PAYMENT_METHOD[p.paymentMethod ?? ''] ?? 'not chosen',
        when: when(p.createdAt, timeZone),
        href: `/admin/collections/purchases/${p.id}`,
        agreement:
          p.agreementHash && p.agreedName && p.agreedAt
            ? {
                version: version === undefined ? 'a version no longer on the site' : `version ${version}`,
                hash: p.agreementHash,
                name: p.agreedName,
                at: when(p.agreedAt, timeZone),
              }
            : null,
        intake: intakeOf(p.intakeAnswers),
      }
    })
}

const workshopIdOf = (r: Pick<WorkshopRegistration, 'workshop'>): number =>
  typeof r.workshop === 'object' ? r.workshop.id : r.workshop

/** The workshops of some registrations (their title and start), by id; unpublished ones too. */
async function workshopsOf(
  payload: Payload,
  registrations: Pick<WorkshopRegistration, 'workshop'>[],
  req?: Partial<PayloadRequest>,
): Promise<Map<number, Pick<Workshop, 'id' | 'title' | 'date'>>> {
  const ids = [...new Set(registrations.map(workshopIdOf))]
  if (ids.length === 0) return new Map()
  const { docs } = await payload.find({
    collection: 'workshops',
    where: { id: { in: ids } },
    pagination: false,
    depth: 0,
    select: { title: true, date: true },
    overrideAccess: true,
    ...(req ? { req } : {}),
  })
  return new Map(docs.map((w) => [w.id, w as Pick<Workshop, 'id' | 'title' | 'date'>]))
}

/** All the site holds about one person that `user` may read, times in the coach's zone. */
export async function readPerson(
  payload: Payload,
  user: TypedUser,
  key: string,
  now = new Date(),
): Promise<Person | null> {
  const email = await addressOfKey(payload, user, key)
  if (!email) return null
  const r = { payload, user }
  const [messages, calls, registrations, subscribers, notes, purchases, sessions, entries, { timeZone }] =
    await Promise.all([
      rowsFor<ContactMessage>(r, 'contact-messages', email),
      rowsFor<DiscoveryCall>(r, 'discovery-calls', email),
      rowsFor<WorkshopRegistration>(r, 'workshop-registrations', email),
      rowsFor<Subscriber>(r, 'subscribers', email),
      rowsFor<PersonNote>(r, 'person-notes', email),
      rowsFor<Purchase>(r, 'purchases', email),
      rowsFor<CoachingSession>(r, 'coaching-sessions', email),
      rowsFor<CreditEntry>(r, 'credit-entries', email),
      readAvailability(payload),
    ])
  const ledger = [...(entries ?? [])].sort((a, b) => a.seq - b.seq)
  const credits = ledger.length ? balance(ledger.map((e) => e.entry as LedgerEntry)) : null
  const subscriber = subscribers?.[0]
  const deliveries = subscriber
    ? ((
        await ifAllowed(() =>
          payload.count({
            collection: 'newsletter-deliveries',
            where: { subscriber: { equals: subscriber.id } },
            overrideAccess: false,
            user,
          }),
        )
      )?.totalDocs ?? null)
    : 0
  const workshops = await workshopsOf(payload, registrations ?? [])
  const byDate = <T>(rows: T[], date: (t: T) => string) => [...rows].sort((a, b) => date(b).localeCompare(date(a)))
  const namedRows = [
    ...(messages ?? []).map((m) => ({ name: m.name, at: m.receivedAt })),
    ...(calls ?? []).map((c) => ({ name: c.name, at: c.createdAt })),
    ...(registrations ?? []).map((w) => ({ name: w.name, at: w.createdAt })),
    ...(purchases ?? []).flatMap((p) => (p.agreedName && p.agreedAt ? [{ name: p.agreedName, at: p.agreedAt }] : [])),
  ]
  return {
    key,
    email,
    name: byDate(namedRows, (n) => n.at)[0]?.name ?? null,
    timeZone,
    messages: !messages
      ? null
      : byDate(messages, (m) => m.receivedAt).map((m) => ({
          id: m.id,
          when: when(m.receivedAt, timeZone),
          inquiryType: m.inquiryType,
          excerpt: m.message.length > 140 ? `${m.message.slice(0, 140).trimEnd()}…` : m.message,
          href: `/admin/collections/contact-messages/${m.id}`,
        })),
    calls: !calls
      ? null
      : byDate(calls, (c) => c.startsAt).map((c) => ({
          id: c.id,
          when: when(c.startsAt, timeZone),
          status: c.status === 'cancelled' ? 'Cancelled' : new Date(c.endsAt) > now ? 'Booked' : 'Held',
          upcoming: c.status === 'booked' && new Date(c.endsAt) > now,
          href: `/admin/collections/discovery-calls/${c.id}`,
        })),
    registrations: !registrations
      ? null
      : byDate(registrations, (w) => workshops.get(workshopIdOf(w))?.date ?? w.createdAt).map((w) => {
          const workshop = workshops.get(workshopIdOf(w))
          return {
            id: w.id,
            workshop: workshop?.title ?? 'A workshop no longer on the site',
            when: workshop ? when(workshop.date, timeZone) : '',
            status: REGISTRATION_STATUS_LABELS[w.status] ?? w.status,
            href: `/admin/collections/workshop-registrations/${w.id}`,
          }
        }),
    subscriptionReadable: subscribers !== undefined,
    subscriber: subscriber
      ? {
          status: SUBSCRIPTION_WORDS[subscriber.status] ?? subscriber.status,
          confirmedAt:
            subscriber.status === 'confirmed' && subscriber.consentAt ? when(subscriber.consentAt, timeZone) : null,
          since: subscriber.requestedAt ? when(subscriber.requestedAt, timeZone) : null,
          why: subscriber.leftNote ?? null,
          href: `/admin/collections/subscribers/${subscriber.id}`,
        }
      : null,
    deliveries,
    note: notes?.[0] ? { id: notes[0].id, notes: notes[0].notes ?? '' } : null,
    purchases: purchases ? await purchasesOf(payload, purchases, entries && ledger, timeZone) : null,
    credits: credits
      ? {
          bought: credits.bought,
          used: credits.used,
          booked: credits.held,
          left: credits.left,
          forfeited: credits.forfeited,
          refunded: credits.refunded,
        }
      : null,
    sessions: !sessions
      ? null
      : byDate(sessions, (c) => c.startsAt).map((c) => ({
          id: c.id,
          when: when(c.startsAt, timeZone),
          packageTitle: c.packageTitle ?? '',
          status:
            c.status === 'booked'
              ? new Date(c.endsAt) > now
                ? 'Booked'
                : 'Past'
              : (SESSION_STATUS[c.status] ?? c.status),
          href: `/admin/collections/coaching-sessions/${c.id}`,
        })),
  }
}

/** What erasing a person deletes, counted; `upcomingCalls` are booked calls still ahead, which block it. */
export type Erasure = {
  messages: number
  calls: number
  upcomingCalls: number
  /** Workshop registrations, cancelled ones included. */
  workshops: number
  /** Registrations (registered, offered or waiting) for workshops still ahead, which block it. */
  upcomingWorkshops: number
  subscriber: number
  deliveries: number
  notes: number
  mails: number
  /** Coaching sessions (with the coach's private notes on them), cancelled and past ones included. */
  sessions: number
  /** Booked coaching sessions still ahead, which block it. */
  upcomingSessions: number
  /** Purchases never paid (checkout left unfinished): deleted. */
  unpaidPurchases: number
  /** Paid purchases: kept for the coach's books, without the intake answers (decision 067). */
  paidPurchases: number
}

type Found = {
  messages: ContactMessage[]
  calls: DiscoveryCall[]
  registrations: WorkshopRegistration[]
  /** The start of each registration's workshop, by workshop id. */
  workshopStarts: Map<number, string>
  subscribers: Subscriber[]
  notes: PersonNote[]
  mails: MailOutbox[]
  deliveries: { id: number }[]
  purchases: Purchase[]
  sessions: CoachingSession[]
  /** Their credit ledger, in order: kept (decision 067). */
  entries: CreditEntry[]
}

/** Every row that holds this address, whoever may read it (the erasure and download are for admins). */
async function everythingAbout(payload: Payload, email: string, req?: Partial<PayloadRequest>) {
  const all = async <T>(collection: Slug | 'mail-outbox', field = 'email', address = normalAddress) => {
    const { docs } = await payload.find({
      collection,
      where: { [field]: { like: email } },
      pagination: false,
      depth: 0,
      overrideAccess: true,
      ...(req ? { req } : {}),
    })
    return (docs as T[]).filter((d) => address(String((d as Record<string, unknown>)[field] ?? '')) === email)
  }
  // One after the other: inside the erasure's PostgreSQL transaction they all go down its one connection.
  const messages = await all<ContactMessage>('contact-messages')
  const calls = await all<DiscoveryCall>('discovery-calls')
  const registrations = await all<WorkshopRegistration>('workshop-registrations')
  const subscribers = await all<Subscriber>('subscribers')
  const notes = await all<PersonNote>('person-notes')
  const mails = await all<MailOutbox>('mail-outbox', 'to', addressIn)
  const purchases = await all<Purchase>('purchases')
  const sessions = await all<CoachingSession>('coaching-sessions')
  const entries = (await all<CreditEntry>('credit-entries')).sort((a, b) => a.seq - b.seq)
  const ids = subscribers.map((s) => s.id)
  const { docs: deliveries } = ids.length
    ? await payload.find({
        collection: 'newsletter-deliveries',
        where: { or: [{ subscriber: { in: ids } }, { email: { like: email } }] },
        pagination: false,
        depth: 0,
        overrideAccess: true,
        ...(req ? { req } : {}),
      })
    : await payload.find({
        collection: 'newsletter-deliveries',
        where: { email: { like: email } },
        pagination: false,
        depth: 0,
        overrideAccess: true,
        ...(req ? { req } : {}),
      })
  const workshops = await workshopsOf(payload, registrations, req)
  return {
    messages,
    calls,
    registrations,
    workshopStarts: new Map([...workshops].map(([id, w]) => [id, w.date])),
    subscribers,
    notes,
    mails,
    purchases,
    sessions,
    entries,
    deliveries: deliveries.filter(
      (d) => normalAddress(d.email) === email || (typeof d.subscriber === 'number' && ids.includes(d.subscriber)),
    ),
  } satisfies Found
}

const counts = (f: Found, now: Date): Erasure => ({
  messages: f.messages.length,
  calls: f.calls.length,
  upcomingCalls: f.calls.filter((c) => c.status === 'booked' && new Date(c.endsAt) > now).length,
  workshops: f.registrations.length,
  upcomingWorkshops: f.registrations.filter((r) => {
    const start = f.workshopStarts.get(workshopIdOf(r))
    return !hasEnded(r.status) && start !== undefined && new Date(start) > now
  }).length,
  subscriber: f.subscribers.length,
  deliveries: f.deliveries.length,
  notes: f.notes.length,
  mails: f.mails.length,
  sessions: f.sessions.length,
  upcomingSessions: f.sessions.filter((c) => c.status === 'booked' && new Date(c.endsAt) > now).length,
  unpaidPurchases: f.purchases.filter((p) => p.status !== 'paid').length,
  paidPurchases: f.purchases.filter((p) => p.status === 'paid').length,
})

/** What erasing this address would delete (for the confirmation). */
export async function erasurePreview(payload: Payload, email: string, now = new Date()) {
  return counts(await everythingAbout(payload, normalAddress(email)), now)
}

/** Everything about one person, for their download (secrets are left out by the caller). */
export async function personExport(payload: Payload, email: string) {
  const f = await everythingAbout(payload, normalAddress(email))
  return {
    email: normalAddress(email),
    messages: f.messages,
    discoveryCalls: f.calls,
    workshopRegistrations: f.registrations,
    subscriber: f.subscribers[0] ?? null,
    newsletterDeliveries: f.deliveries,
    notes: f.notes[0] ?? null,
    mailsToThem: f.mails,
    purchases: f.purchases.map(purchaseExport),
    creditEntries: f.entries.map((e) => ({ seq: e.seq, type: e.type, at: e.at, entry: e.entry })),
    coachingSessions: f.sessions,
  }
}

/**
 * A purchase as their download holds it: what they bought and paid, the agreement they accepted (its SHA-256
 * under `sha256`: the download leaves out fields named like secrets, and this one is not), their answers; not
 * the hashes of their mailed code or page link.
 */
const purchaseExport = (p: Purchase) => ({
  id: p.id,
  reference: p.reference,
  status: p.status,
  email: p.email,
  packageTitle: p.packageTitle,
  amount: p.amount,
  sessions: p.sessions,
  sessionMinutes: p.sessionMinutes,
  validityDays: p.validityDays,
  paymentMethod: p.paymentMethod,
  paidAt: p.paidAt,
  createdAt: p.createdAt,
  agreement: p.agreementHash
    ? {
        version: p.agreementVersion,
        sha256: p.agreementHash,
        typedName: p.agreedName,
        acceptedAt: p.agreedAt,
        verifiedEmail: p.agreedEmail,
      }
    : null,
  intakeAnswers: p.intakeAnswers,
})

/** A person with a coaching session booked still ahead: the coach cancels it first. */
export class UpcomingSessionFirst extends Error {
  constructor(readonly upcoming: number) {
    super(
      upcoming === 1
        ? 'This person has a booked coaching session still ahead. Cancel it first (they get the usual cancellation), then erase them.'
        : `This person has ${upcoming} booked coaching sessions still ahead. Cancel them first (they get the usual cancellation), then erase them.`,
    )
  }
}

/** A person registered (or waiting) for a workshop still ahead: the coach cancels that first. */
export class UpcomingWorkshopFirst extends Error {
  constructor(readonly upcoming: number) {
    super(
      upcoming === 1
        ? 'This person is registered for a workshop still ahead. Cancel that registration first (they are told by e-mail), then erase them.'
        : `This person is registered for ${upcoming} workshops still ahead. Cancel those registrations first (they are told by e-mail), then erase them.`,
    )
  }
}

export class UpcomingCallFirst extends Error {
  constructor(readonly upcoming: number) {
    super(
      upcoming === 1
        ? 'This person has a booked call still ahead. Cancel it first (they get the usual cancellation), then erase them.'
        : `This person has ${upcoming} booked calls still ahead. Cancel them first (they get the usual cancellation), then erase them.`,
    )
  }
}

/**
 * Erases everything the site holds about one address (any case): their messages, calls, workshop
 * registrations, subscriber row (and with it their newsletter deliveries), the coach's notes, and every mail to
 * them in the outbox (sent or not: a mail holds their address and words). Refused, with nothing deleted, while
 * they have a booked call or a workshop registration still ahead: the coach cancels it first, so they hear of
 * it like any cancellation. On PostgreSQL all of it in one transaction (`req` from inTransaction); answers what
 * was deleted.
 */
export async function erasePerson(
  payload: Payload,
  email: string,
  req: PayloadRequest,
  now = new Date(),
): Promise<Erasure> {
  const address = normalAddress(email)
  const found = await everythingAbout(payload, address, readingWith(req))
  const erased = counts(found, now)
  if (erased.upcomingCalls > 0) throw new UpcomingCallFirst(erased.upcomingCalls)
  if (erased.upcomingWorkshops > 0) throw new UpcomingWorkshopFirst(erased.upcomingWorkshops)
  if (erased.upcomingSessions > 0) throw new UpcomingSessionFirst(erased.upcomingSessions)
  await deleteInTurn(
    req,
    'contact-messages',
    found.messages.map((m) => m.id),
  )
  await deleteInTurn(
    req,
    'discovery-calls',
    found.calls.map((c) => c.id),
  )
  await deleteInTurn(
    req,
    'workshop-registrations',
    found.registrations.map((r) => r.id),
  )
  // Deleting the subscriber deletes their deliveries (Subscribers' beforeDelete); any left by address go too.
  await deleteInTurn(
    req,
    'subscribers',
    found.subscribers.map((s) => s.id),
  )
  if (found.deliveries.length) {
    await payload.db.deleteMany({
      collection: 'newsletter-deliveries',
      where: { id: { in: found.deliveries.map((d) => d.id) } },
      req,
    })
  }
  await deleteInTurn(
    req,
    'person-notes',
    found.notes.map((n) => n.id),
  )
  await deleteInTurn(
    req,
    'mail-outbox',
    found.mails.map((m) => m.id),
  )
  // Coaching: their sessions (and the coach's notes on them) and the purchases never paid go; a paid purchase
  // and the credit ledger stay for the coach's books, without the intake answers, and their page's link and
  // mailed code stop working (decision 067).
  await deleteInTurn(
    req,
    'coaching-sessions',
    found.sessions.map((c) => c.id),
  )
  await deleteInTurn(
    req,
    'purchases',
    found.purchases.filter((p) => p.status !== 'paid').map((p) => p.id),
  )
  for (const p of found.purchases.filter((p) => p.status === 'paid')) {
    await payload.update({
      collection: 'purchases',
      id: p.id,
      data: { intakeAnswers: null, clientKey: null, codeHash: null, codeExpiresAt: null },
      depth: 0,
      overrideAccess: true,
      req,
    })
  }
  return erased
}
