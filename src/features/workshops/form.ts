import { z } from 'zod'

import { availability } from '@/domain/workshop-seats'
import type { Workshop } from '@/payload-types'
import { FormRefusal, type FormDefinition } from '@/platform/forms/pipeline'
import { personEmailField, personNameField } from '@/platform/forms/rules'
import { mailConfirmation, seatCounts, termsOf } from './seats'
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
 * The registration form of /workshops/<address>/register (decisions 064 and 080): the spam guards and the rate
 * limit of every form, then a refusal in words when registration has closed or the workshop is full (its
 * waitlist too), else a mail to the typed address (`mailConfirmation`): the link that confirms the
 * registration, or what the address already has. The answer is one text whatever the address holds, and the
 * post stores nothing: no seat is held, no credit spent and no place on the waitlist taken until the owner of
 * the address confirms (./confirm.ts), so the seats left say nothing about any address either.
 */
export const registrationForm: FormDefinition<typeof registrationSchema, RegistrationField> = {
  name: 'workshop-registration',
  schema: registrationSchema,
  fields: REGISTRATION_FIELDS,
  answers: { ok: WORKSHOP_TEXTS.checkMail, invalid: WORKSHOP_TEXTS.invalid },
  // Its one write is the mail; without a transaction a double submit's second mail is refused by the outbox's
  // unique key alone, and the post still answers as the first did.
  ownTransaction: true,
  accept: async (payload, input, { req, now }) => {
    const workshop = await workshopBySlug(payload, input.workshop)
    if (!workshop) throw new FormRefusal(WORKSHOP_TEXTS.closed)
    const open = availability(termsOf(workshop), await seatCounts(payload, workshop.id), now.getTime())
    if (open === 'closed') throw new FormRefusal(WORKSHOP_TEXTS.closed)
    if (open === 'full') throw new FormRefusal(WORKSHOP_TEXTS.full)
    await mailConfirmation(payload, workshop, { name: input.name, email: input.email }, now, req)
  },
}
