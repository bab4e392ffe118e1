import { z } from 'zod'

import type { Workshop } from '@/payload-types'
import { FormRefusal, type FormDefinition } from '@/platform/forms/pipeline'
import { personEmailField, personNameField } from '@/platform/forms/rules'
import { registerForWorkshop } from './seats'
import { WORKSHOP_TEXTS } from './texts'
import type { Payload } from 'payload'

export const REGISTRATION_FIELDS = ['name', 'email'] as const
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number]

export const registrationSchema = z.object({
  workshop: z.string().trim().min(1).max(80),
  name: personNameField(),
  email: personEmailField(),
})

/** A workshop that takes registrations on the site: published, with no external link, by its address. */
export async function workshopBySlug(payload: Payload, slug: string): Promise<Workshop | null> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null
  const found = await payload.find({
    collection: 'workshops',
    where: {
      and: [{ slug: { equals: slug } }, { published: { equals: true } }],
    },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  const w = found.docs[0]
  return w && !w.registerLink ? w : null
}

/**
 * The registration form of /workshops/<address>/register (decision 064): the spam guards and the rate limit
 * of every form, then a seat, the waitlist, or a refusal in words. An address already registered is mailed
 * what it has and answered as a new registration would be, so nobody learns from the form who registered.
 */
export const registrationForm: FormDefinition<typeof registrationSchema, RegistrationField> = {
  name: 'workshop-registration',
  schema: registrationSchema,
  fields: REGISTRATION_FIELDS,
  answers: { ok: WORKSHOP_TEXTS.registered, invalid: WORKSHOP_TEXTS.invalid },
  // The seats are decided one registration at a time (./seats.ts), each in a transaction of its own begun at
  // its turn: a burst of registrations never holds the database's connections while it waits.
  ownTransaction: true,
  accept: async (payload, input, { now }) => {
    const workshop = await workshopBySlug(payload, input.workshop)
    if (!workshop) throw new FormRefusal(WORKSHOP_TEXTS.closed)
    const result = await registerForWorkshop(payload, workshop.id, { name: input.name, email: input.email }, now)
    const outcome = result.outcome === 'already' ? result.answer : result.outcome
    if (outcome === 'closed') throw new FormRefusal(WORKSHOP_TEXTS.closed)
    if (outcome === 'full') throw new FormRefusal(WORKSHOP_TEXTS.full)
    return {
      answer:
        outcome === 'registered'
          ? WORKSHOP_TEXTS.registered
          : outcome === 'held'
            ? WORKSHOP_TEXTS.held
            : WORKSHOP_TEXTS.waitlisted,
    }
  },
}
