import {
  ValidationError,
  type CollectionAfterChangeHook,
  type CollectionBeforeChangeHook,
  type CollectionBeforeOperationHook,
  type CollectionBeforeValidateHook,
  type CollectionConfig,
  type Where,
} from 'payload'

import { coachTimeZone, shownInCoachTimeZone, ZONE_DATE_CELL } from '@/features/booking/coach-time-zone'
import { authenticated } from '@/platform/access'
import { revalidate } from '@/platform/cache/revalidate'
import { freeSlug, SLUG_MAX, slugFrom, slugProblem } from './issue-slug'
import { issueBody } from './issue-editor'
import { issueEndpoints } from './issue-endpoints'

/** Where an issue stands, as the admin says it. */
export const ISSUE_STATUSES = [
  { label: 'Draft', value: 'draft' },
  { label: 'Scheduled', value: 'scheduled' },
  { label: 'Sending', value: 'sending' },
  { label: 'Paused', value: 'paused' },
  { label: 'Sent', value: 'sent' },
  { label: 'Cancelled', value: 'cancelled' },
  // The site was down past the scheduled time by more than the grace period: nothing goes out late unasked.
  { label: 'Waiting for you (missed its time)', value: 'held' },
] as const

export type IssueStatus = (typeof ISSUE_STATUSES)[number]['value']

const NEVER_STARTED: Where = {
  and: [{ status: { in: ['draft', 'cancelled', 'held', 'scheduled'] } }, { startedAt: { exists: false } }],
}

/** What the coach wrote can change only while nothing has gone out. */
const EDITABLE: readonly IssueStatus[] = ['draft', 'scheduled', 'held']
const WORDS = ['subject', 'preheader', 'body', 'slug'] as const
const SLUG_STAYS = 'This issue has gone out: its address stays as it is, so that links to its page keep working.'
const GONE_OUT =
  'This issue has been sent (or is being sent): what it says can no longer change. To say something else, write a new issue.'

/**
 * The words of an issue that has gone out are read-only in the admin: Payload shows a field read-only when the
 * user may not update it for that document. A field's access alone would drop a change from any other client
 * without a word, so `refuseChangesToWhatWentOut` refuses it first, with a sentence.
 */
const whileUnsent = {
  update: ({ doc }: { doc?: { status?: string } }) => !doc?.status || EDITABLE.includes(doc.status as IssueStatus),
}

/** A value as stored: an empty text is none, an upload in the body is its id however deeply it was read. */
const comparable = (value: unknown): string =>
  JSON.stringify(value ?? null, (key, v: unknown) => {
    if (v === '') return null
    if (key === 'value' && v && typeof v === 'object' && 'id' in v) return (v as { id: unknown }).id
    return v
  })

/**
 * Before any update by a person (REST, GraphQL, the admin's form, the Local API with a user), whatever the
 * route or its spelling: the subject, preheader, text and address of an issue that has been sent (or is being
 * sent, or was cancelled after it started) cannot change. Refused with a sentence, per field; what is not its
 * words (whether it shows in the archive) still can.
 */
const refuseChangesToWhatWentOut: CollectionBeforeOperationHook = async ({ args, operation, req, context }) => {
  if ((operation !== 'update' && operation !== 'updateByID') || context?.issueAction || !req.user) return args
  const data = ((args as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>
  const fields = WORDS.filter((k) => k in data)
  if (fields.length === 0) return args
  const { id, where } = args as { id?: number | string; where?: Where }
  const docs =
    operation === 'updateByID'
      ? [
          await req.payload.findByID({
            collection: 'newsletters',
            id: id!,
            depth: 0,
            overrideAccess: true,
            disableErrors: true,
            req,
          }),
        ].filter((d) => d != null)
      : (
          await req.payload.find({
            collection: 'newsletters',
            where: where ?? {},
            depth: 0,
            pagination: false,
            overrideAccess: true,
            req,
          })
        ).docs
  for (const doc of docs) {
    if (EDITABLE.includes(doc.status as IssueStatus)) continue
    const changed = fields.filter(
      (k) =>
        comparable(k === 'slug' && typeof data[k] === 'string' ? (data[k] as string).trim() : data[k]) !==
        comparable(doc[k]),
    )
    if (changed.length > 0)
      throw new ValidationError({
        collection: 'newsletters',
        errors: changed.map((path) => ({ path, message: path === 'slug' ? SLUG_STAYS : GONE_OUT })),
      })
  }
  return args
}

/**
 * The status moves only through the issue's actions (send, schedule, pause, resume, cancel: ./issue-actions.ts,
 * which write with overrideAccess and a context flag); a person's save changes what the issue says, and only
 * while it is unsent (`refuseChangesToWhatWentOut`).
 */
const guardChanges: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req, context }) => {
  if (context.issueAction) return data
  await guardSlug(data, originalDoc, req)
  if (operation === 'create') return { ...data, status: 'draft' }
  const { status, scheduledAt } = data
  // The time it goes out is the Schedule button's (which asks who may mail the list), not a field to type.
  const time = (v: unknown) => (v ? new Date(v as string).getTime() : null)
  const reschedules = scheduledAt !== undefined && time(scheduledAt) !== time(originalDoc?.scheduledAt)
  if ((status !== undefined && status !== originalDoc?.status) || reschedules) {
    throw new ValidationError({
      collection: 'newsletters',
      errors: [
        {
          path: reschedules ? 'scheduledAt' : 'status',
          message: 'Use the buttons to send, schedule, pause, resume or cancel an issue.',
        },
      ],
    })
  }
  return data
}

type Doc = Record<string, unknown> | undefined
const slugError = (message: string) =>
  new ValidationError({ collection: 'newsletters', errors: [{ path: 'slug', message }] })

/**
 * An issue gets its address on the site (/newsletter/<slug>) from its subject when it is first saved, or
 * again when the coach empties the field: the first of `<subject>`, `<subject>-2`, ... no other issue has.
 */
const fillSlug: CollectionBeforeValidateHook = async ({ data, originalDoc, req }) => {
  if (!data) return data
  const given = typeof data.slug === 'string' ? data.slug.trim() : ''
  if (given) return { ...data, slug: given }
  if (!('slug' in data) && originalDoc?.slug) return data
  // An issue that has gone out keeps the address it went out with (see guardSlug).
  if (originalDoc?.slug && !EDITABLE.includes(originalDoc.status as IssueStatus))
    return { ...data, slug: originalDoc.slug }
  const subject = data.subject ?? originalDoc?.subject
  if (typeof subject !== 'string' || !subject.trim()) return data
  const base = slugFrom(subject)
  const near = await req.payload.find({
    collection: 'newsletters',
    where: { slug: { like: base } },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    select: { slug: true },
    req,
  })
  const taken = new Set(near.docs.filter((d) => d.id !== originalDoc?.id).map((d) => d.slug ?? ''))
  return { ...data, slug: freeSlug(base, taken) }
}

/** A typed address is another issue's, or the issue has gone out (links to its page must keep working). */
async function guardSlug(data: Doc, originalDoc: Doc, req: Parameters<CollectionBeforeChangeHook>[0]['req']) {
  const slug = data?.slug
  if (typeof slug !== 'string' || slug === originalDoc?.slug) return
  if (originalDoc?.slug && !EDITABLE.includes(originalDoc.status as IssueStatus) && req.user) {
    throw slugError(SLUG_STAYS)
  }
  const other = await req.payload.find({
    collection: 'newsletters',
    where: { and: [{ slug: { equals: slug } }, ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : [])] },
    depth: 0,
    limit: 1,
    overrideAccess: true,
    select: { subject: true },
    req,
  })
  const taken = other.docs[0]
  if (taken) throw slugError(`The issue “${taken.subject}” already has this address: choose another.`)
}

/** What the archive shows changes when a sent issue is saved (its words, address or place in the archive). */
const revalidateArchive: CollectionAfterChangeHook = ({ doc, previousDoc, req }) => {
  if (doc.status === 'sent' || previousDoc?.status === 'sent') revalidate('newsletter-issues', req)
  return doc
}

/** A newsletter issue: written, previewed, tested, then sent now or at a set time to the confirmed subscribers. */
export const Newsletters: CollectionConfig = {
  slug: 'newsletters',
  labels: { singular: 'Newsletter issue', plural: 'Newsletter issues' },
  defaultSort: '-updatedAt',
  admin: {
    useAsTitle: 'subject',
    defaultColumns: ['subject', 'status', 'scheduledAt', 'finishedAt'],
    group: 'Newsletter',
    description: 'Write an issue, preview it, send a test to yourself, then send it now or schedule it.',
  },
  access: {
    read: authenticated,
    create: authenticated,
    update: authenticated,
    // Only an issue that never started sending may be deleted: the rest is the record of what went out.
    delete: ({ req }) => (req.user ? NEVER_STARTED : false),
  },
  hooks: {
    beforeOperation: [refuseChangesToWhatWentOut],
    beforeValidate: [fillSlug],
    beforeChange: [guardChanges],
    afterChange: [revalidateArchive],
  },
  endpoints: issueEndpoints,
  fields: [
    { name: 'subject', type: 'text', required: true, maxLength: 150, access: whileUnsent },
    {
      name: 'preheader',
      type: 'text',
      maxLength: 150,
      access: whileUnsent,
      admin: { description: 'The short line mail apps show after the subject. Optional.' },
    },
    { ...issueBody('body', 'Text'), access: whileUnsent },
    {
      name: 'slug',
      label: 'Address on the site',
      type: 'text',
      unique: true,
      maxLength: SLUG_MAX,
      access: whileUnsent,
      validate: (value: null | string | undefined) => (value ? (slugProblem(value) ?? true) : true),
      admin: {
        position: 'sidebar',
        description:
          'The issue’s page in the archive: /newsletter/ and this. Made from the subject when you first save; you can change it until the issue is sent (empty it to make it again from the subject).',
      },
    },
    {
      name: 'showInArchive',
      label: 'Show in the archive',
      type: 'checkbox',
      defaultValue: true,
      admin: {
        position: 'sidebar',
        description:
          'When the archive is on (Newsletter → Archive on the site), a sent issue has its page there unless you untick this; you can change it at any time.',
      },
    },
    // Where the issue stands and the buttons that apply to it (./IssueActions.tsx, ./issue-endpoints.ts).
    {
      name: 'sending',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: '@/features/newsletter/IssueActions#IssueActions' } },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'draft',
      index: true,
      options: ISSUE_STATUSES.map((s) => ({ ...s })),
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'scheduledAt',
      label: 'Send at',
      type: 'date',
      index: true,
      // Shown in the coach's time zone (the one of the booking hours), stored beside it as for calls.
      timezone: coachTimeZone(),
      admin: {
        readOnly: true,
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime', displayFormat: 'EEE d MMM yyyy, HH:mm' },
        components: { Description: '@/features/booking/admin/ZoneNote#ZoneNote', Cell: ZONE_DATE_CELL },
      },
    },
    shownInCoachTimeZone({
      name: 'startedAt',
      label: 'Sending started',
      admin: { readOnly: true, position: 'sidebar' },
    }),
    shownInCoachTimeZone({
      name: 'finishedAt',
      label: 'Sending finished',
      admin: { readOnly: true, position: 'sidebar' },
    }),
    {
      name: 'recipients',
      type: 'number',
      admin: { readOnly: true, position: 'sidebar', description: 'Confirmed subscribers when sending started.' },
    },
    {
      name: 'notice',
      type: 'textarea',
      admin: { readOnly: true, description: 'Why the issue is paused or waiting, in the mail server’s words.' },
    },
    // One process sends at a time: the one holding the lease until leaseUntil (./sending.ts).
    { name: 'leaseHolder', type: 'text', admin: { hidden: true } },
    { name: 'leaseUntil', type: 'date', admin: { hidden: true } },
  ],
}
