import { shownInCoachTimeZone } from '@/features/booking/coach-time-zone'
import {
  ValidationError,
  type CollectionBeforeChangeHook,
  type CollectionBeforeDeleteHook,
  type CollectionConfig,
  type PayloadHandler,
} from 'payload'

import { inboxAccess } from '@/platform/access'
import { choices } from '@/platform/fields/choices'
import { exportConfirmedSubscribers } from '@/features/newsletter/subscribers-csv'
import { personLinkField } from '@/features/people/person-link-field'
import { crossSiteRefusal } from '@/platform/forms/cross-site'
import { LEFT_BECAUSE, leaving, restoreSubscriber } from './leaving'
import { listMailRefusal } from './permission'

/** What consent rests on: the address, when and where it was given. Nobody edits it afterwards. */
const consentRecord = { update: () => false }

/**
 * A person in the admin may only unsubscribe someone (consent comes from the subscriber's own click, never
 * from the admin); each change is logged, without the address.
 */
const onlyUnsubscribe: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !req.user || !originalDoc || data.status === undefined) return data
  if (data.status === originalDoc.status) return data
  if (data.status !== 'unsubscribed') {
    throw new ValidationError({
      collection: 'subscribers',
      errors: [
        {
          path: 'status',
          message: 'Only the subscriber can confirm a subscription. You can set a subscriber to "Unsubscribed".',
        },
      ],
    })
  }
  console.info(`Subscriber ${originalDoc.id}: ${originalDoc.status} → unsubscribed by user ${req.user.id}`)
  const now = new Date()
  return { ...data, unsubscribedAt: now.toISOString(), ...(await leaving(req.payload, 'coach', now)) }
}

/** Deleting a subscriber erases what the newsletter kept of them too: each delivery row holds the address. */
const eraseDeliveries: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.db.deleteMany({ collection: 'newsletter-deliveries', where: { subscriber: { equals: id } }, req })
}

/**
 * POST /cms-api/subscribers/:id/restore (the subscriber screen's "Put back on the list"): a reader removed after
 * a spam complaint or a bounce is confirmed again, the note keeping both days. For whoever may mail the list.
 */
const restore: PayloadHandler = async (req) => {
  const refused =
    (await listMailRefusal(req, 'put a reader back on the list')) ?? crossSiteRefusal(req as unknown as Request)
  if (refused) return refused
  const id = String(req.routeParams?.id ?? '')
  const fail = (message: string, status: number) => Response.json({ errors: [{ message }] }, { status })
  if (!/^\d{1,12}$/.test(id)) return fail('There is no such subscriber.', 404)
  const done = await restoreSubscriber(req.payload, id)
  switch (done.outcome) {
    case 'missing':
      return fail('There is no such subscriber.', 404)
    case 'not-removed':
      return fail(
        done.status === 'pending'
          ? `${done.email} never confirmed their subscription: only their own confirmation puts them on the list.`
          : `${done.email} left the list themselves (or was unsubscribed in the admin): only their own new subscription puts them back.`,
        409,
      )
    default:
      console.info(`Subscriber ${id} restored by user ${req.user!.id}`)
      return Response.json({ message: `${done.email} is back on the list: they get the next issues.` })
  }
}

/** Newsletter subscribers with double opt-in. Tokens are stored only as hashes. */
export const Subscribers: CollectionConfig = {
  slug: 'subscribers',
  labels: { singular: 'Subscriber', plural: 'Subscribers' },
  defaultSort: '-consentAt',
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'status', 'leftNote', 'consentAt', 'source'],
    group: 'Inbox',
    description: 'Only confirmed subscribers may receive the newsletter.',
    components: {
      beforeListTable: ['@/features/newsletter/SubscribersExportLink#SubscribersExportLink'],
    },
  },
  access: inboxAccess,
  hooks: { beforeChange: [onlyUnsubscribe], beforeDelete: [eraseDeliveries] },
  endpoints: [
    { path: '/export.csv', method: 'get', handler: exportConfirmedSubscribers },
    { path: '/:id/restore', method: 'post', handler: restore },
  ],
  fields: [
    // Stored lower-cased, so uniqueness is case-insensitive.
    {
      name: 'email',
      type: 'email',
      required: true,
      unique: true,
      index: true,
      access: consentRecord,
      hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)] },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: choices({
        pending: 'Pending confirmation',
        confirmed: 'Confirmed',
        unsubscribed: 'Unsubscribed',
        // The mail server refused the address for good (a 5xx answer or a bounce report): not mailed again.
        bounced: 'Bounced',
      }),
    },
    shownInCoachTimeZone({
      name: 'consentAt',
      label: 'Consent given at',
      access: consentRecord,
      admin: { readOnly: true },
    }),
    {
      name: 'source',
      type: 'select',
      options: choices({ footer: 'Footer', workshops: 'Workshops page' }),
      access: consentRecord,
      admin: { readOnly: true },
    },
    shownInCoachTimeZone({ name: 'requestedAt', access: consentRecord, admin: { readOnly: true } }),
    shownInCoachTimeZone({ name: 'unsubscribedAt', admin: { readOnly: true } }),
    // Why the reader left (./leaving.ts): written by the site, read by the coach; kept after a restore.
    {
      name: 'leftBecause',
      label: 'Left because',
      type: 'select',
      options: choices(LEFT_BECAUSE),
      access: { update: () => false },
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'leftNote',
      label: 'Why they left',
      type: 'text',
      access: { update: () => false },
      admin: { readOnly: true, position: 'sidebar' },
    },
    // "Put back on the list" for a reader removed after a complaint or a bounce (./SubscriberRestore.tsx).
    {
      name: 'restore',
      type: 'ui',
      admin: {
        position: 'sidebar',
        components: { Field: '@/features/newsletter/SubscriberRestore#SubscriberRestore' },
      },
    },
    { name: 'confirmTokenHash', type: 'text', index: true, admin: { hidden: true }, access: { read: () => false } },
    { name: 'unsubscribeTokenHash', type: 'text', index: true, admin: { hidden: true }, access: { read: () => false } },
    // A keyed hash of the inbox the address reaches (victim+1@ is victim@'s): one confirmation mail a day each.
    { name: 'inboxHash', type: 'text', index: true, admin: { hidden: true }, access: { read: () => false } },
    // A link to everything the site holds about this address (People).
    personLinkField,
  ],
}
