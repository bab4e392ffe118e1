import type { Payload } from 'payload'
import { beforeEach } from 'vitest'

import type { Workshop } from '@/payload-types'
import { mailsAsSent } from './outbox'

/**
 * What the workshop suites share, on a test site's Payload (see testSite): each test starts with no workshops,
 * registrations, workshop credits or mail. `aWorkshop` makes a workshop titled `title` and a number, with
 * `defaults` and then `data`; `rows` are a workshop's registrations in the order they came, `row` someone's
 * (`who` stands for the address who@example.com), `statuses` everyone's status and seat by name; `mailsTo` are
 * the mails to someone, reminders apart (they wait for their time; see the reminders' test).
 */
export function workshopsOnSite(
  site: { payload: Payload },
  title: string,
  defaults: Partial<Workshop> & Pick<Workshop, 'date' | 'format' | 'description'>,
) {
  beforeEach(async () => {
    for (const collection of ['workshop-credits', 'workshop-registrations', 'workshops', 'mail-outbox'] as const) {
      await site.payload.delete({ collection, where: { id: { exists: true } }, overrideAccess: true })
    }
  })

  let n = 0
  const aWorkshop = (data: Partial<Workshop> = {}) =>
    site.payload.create({
      collection: 'workshops',
      data: { title: `${title} ${++n}`, ...defaults, ...data },
      overrideAccess: true,
    })
  const rows = async (w: Workshop) =>
    (
      await site.payload.find({
        collection: 'workshop-registrations',
        where: { workshop: { equals: w.id } },
        sort: 'queuedAt',
        pagination: false,
        depth: 0,
        overrideAccess: true,
      })
    ).docs
  const row = async (w: Workshop, who: string) => (await rows(w)).find((r) => r.email === `${who}@example.com`)!
  const statuses = async (w: Workshop) =>
    Object.fromEntries((await rows(w)).map((r) => [r.name, [r.status, r.seat ?? null]]))
  const mailsTo = async (who: string) =>
    (await mailsAsSent(site.payload, { to: { equals: `${who}@example.com` } })).filter(
      (m) => !m.kind.startsWith('workshop-reminder'),
    )
  return { aWorkshop, rows, row, statuses, mailsTo }
}

/** The confirmation link's token in a mail (`/workshops/confirm/<token>`). */
export const confirmToken = (text: string) => /\/workshops\/confirm\/([\w-]+\.[\w-]{43})/.exec(text)?.[1]
