import type { Payload, PayloadRequest } from 'payload'

import { choicesOf, type IntakeKind, type IntakeQuestion } from '@/domain/packages'
import { withDefaults } from '@/features/pages/copy'
import { PAGE_COPY, PAGE_GLOBALS } from '@/features/pages/defaults'
import type { Package } from '@/payload-types'

/** A package as a buyer sees it: the pricing card's name and price (in cents) with what the package says. */
export type OnSale = {
  id: number
  title: string
  rhythm: string
  amount: number
  sessions: number
  sessionMinutes: number
  validityDays: number
  /** Paid in this many monthly instalments; null when paid in full (decision 071). */
  instalments: number | null
  agreementId: number | null
  questions: IntakeQuestion[]
}

/** The pricing cards as published (or built in), by name. */
async function publishedCards(payload: Payload, req?: Partial<PayloadRequest>) {
  const stored = await payload.findGlobal({
    slug: PAGE_GLOBALS.coaching,
    depth: 0,
    overrideAccess: true,
    ...(req ? { req } : {}),
  })
  return withDefaults(stored, PAGE_COPY.coaching).pricing
}

const questionsOf = (p: Package): IntakeQuestion[] =>
  (p.intakeQuestions ?? []).map((q) => ({
    question: q.question,
    kind: (q.kind ?? 'short') as IntakeKind,
    required: q.required === true,
    choices: choicesOf(q.choices),
  }))

const idOf = (v: unknown): number | null =>
  typeof v === 'number' ? v : v && typeof v === 'object' && 'id' in v ? Number((v as { id: unknown }).id) : null

/**
 * Every package on sale whose pricing card exists, with the card's current price: what the coaching page
 * offers to buy. A package naming a card that is gone is not for sale.
 */
export async function packagesOnSale(payload: Payload, req?: Partial<PayloadRequest>): Promise<OnSale[]> {
  // One read after the other: inside a transaction both go down its one connection.
  const cards = await publishedCards(payload, req)
  const found = await payload.find({
    collection: 'packages',
    where: { onSale: { equals: true } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    ...(req ? { req } : {}),
  })
  const out: OnSale[] = []
  for (const p of found.docs) {
    const card = cards.find((c) => c.name.trim() === p.card.trim())
    if (!card) continue
    out.push({
      id: p.id,
      title: card.name,
      rhythm: card.rhythm,
      amount: Math.round(card.price * 100),
      sessions: p.sessions,
      sessionMinutes: p.sessionMinutes,
      validityDays: p.validityDays,
      instalments: p.payment === 'instalments' && p.instalments ? p.instalments : null,
      agreementId: idOf(p.agreement),
      questions: questionsOf(p),
    })
  }
  return out
}

/** One package on sale, or null (not on sale, no such package, or its card is gone). */
export async function packageOnSale(
  payload: Payload,
  id: number,
  req?: Partial<PayloadRequest>,
): Promise<OnSale | null> {
  return (await packagesOnSale(payload, req)).find((p) => p.id === id) ?? null
}

/** The current version of an agreement (the one a buyer is shown and accepts), or null when it has none. */
export async function currentAgreement(payload: Payload, agreementId: number | null, req?: Partial<PayloadRequest>) {
  if (agreementId === null) return null
  const found = await payload.find({
    collection: 'agreement-versions',
    where: { agreement: { equals: agreementId } },
    sort: '-number',
    limit: 1,
    depth: 0,
    overrideAccess: true,
    ...(req ? { req } : {}),
  })
  return found.docs[0] ?? null
}
