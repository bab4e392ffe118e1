import { ValidationError, type CollectionBeforeChangeHook, type CollectionConfig, type Field } from 'payload'

import { MAX_ATTEMPTS } from '@/domain/outbox-schedule'

import { outboxAccess } from '@/platform/access'
import { choices } from '@/platform/fields/choices'
import { sealLinks, type MailContent } from './secret-links'

/** Nobody changes what a mail says or to whom; the worker writes with overrideAccess, which skips this. */
const fixed = { update: () => false }

/**
 * The one change a person may make: set a failed mail back to "Queued" to try again (which starts its tries
 * afresh). Any other status change by a person is refused.
 */
const onlyRetryFailed: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !req.user || !originalDoc || data.status === undefined) return data
  if (data.status === originalDoc.status) return data
  if (originalDoc.status === 'failed' && data.status === 'queued') {
    return { ...data, attempts: 0, nextAttemptAt: new Date().toISOString(), lastError: null }
  }
  throw new ValidationError({
    collection: 'mail-outbox',
    errors: [{ path: 'status', message: 'Only a failed mail can be changed: set it back to "Queued" to try again.' }],
  })
}

/**
 * However a mail is queued, it is stored with its secret links hidden (./secret-links.ts): the live parts go
 * sealed into `sealedLinks`, which no person reads, and only the worker puts them back when it sends.
 */
const hideSecretLinks: CollectionBeforeChangeHook = ({ data, operation }) => {
  if (operation !== 'create') return data
  const { readable, sealed } = sealLinks(data as MailContent)
  return { ...data, ...readable, sealedLinks: sealed }
}

/** The fields, each closed to changes by anyone but the one named. */
const lockedExcept = (open: string, fields: Field[]): Field[] =>
  fields.map((f) => ('name' in f && f.name !== open ? ({ ...f, access: fixed } as Field) : f))

/**
 * Every e-mail the site sends, queued in the same transaction as the row that causes it and sent by the
 * outbox worker (./outbox.ts) with retries. Failed mail stays here, visible, never dropped.
 */
export const MailOutbox: CollectionConfig = {
  slug: 'mail-outbox',
  labels: { singular: 'Outgoing e-mail', plural: 'Outgoing e-mail' },
  defaultSort: '-createdAt',
  admin: {
    useAsTitle: 'subject',
    defaultColumns: ['subject', 'to', 'status', 'attempts', 'createdAt'],
    group: 'Inbox',
    hidden: ({ user }) => user?.role !== 'admin',
    description: `Mail sent by the site. "Failed" mail was tried ${MAX_ATTEMPTS} times: check the mail settings, then set it back to "Queued" to send it again. "Cancelled" mail was withdrawn before it was due (e.g. the reminder of a call that moved).`,
  },
  // Admins only, and hidden from everyone else's navigation: a mail holds other people's addresses and words.
  access: outboxAccess,
  hooks: { beforeChange: [onlyRetryFailed, hideSecretLinks] },
  fields: lockedExcept('status', [
    { name: 'kind', type: 'text', required: true, index: true, admin: { readOnly: true } },
    { name: 'to', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'from', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'replyTo', type: 'text', admin: { readOnly: true } },
    { name: 'subject', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'text', type: 'textarea', required: true, admin: { readOnly: true } },
    { name: 'html', type: 'textarea', admin: { readOnly: true, description: 'The HTML version, when there is one.' } },
    { name: 'headers', type: 'json', admin: { readOnly: true } },
    { name: 'attachments', type: 'json', admin: { readOnly: true } },
    { name: 'calendar', label: 'Calendar invite', type: 'json', admin: { readOnly: true } },
    {
      name: 'reference',
      type: 'text',
      index: true,
      admin: {
        readOnly: true,
        position: 'sidebar',
        description: 'The record this mail is about (e.g. discovery-calls:12); its queued mail can be cancelled.',
      },
    },
    {
      name: 'idempotencyKey',
      type: 'text',
      unique: true,
      admin: { hidden: true },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'queued',
      index: true,
      options: choices({
        queued: 'Queued',
        sending: 'Sending',
        sent: 'Sent',
        failed: 'Failed',
        cancelled: 'Cancelled',
      }),
      admin: { position: 'sidebar' },
    },
    {
      name: 'attempts',
      type: 'number',
      required: true,
      defaultValue: 0,
      admin: { readOnly: true, position: 'sidebar' },
    },
    // Every date shown here reads in the coach's zone: src/cms/payload.config.ts hands this collection to
    // datesInCoachTimeZone (src/features/booking/coach-time-zone.ts), which this layer cannot import.
    {
      name: 'sendAfter',
      label: 'Not before',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'nextAttemptAt', type: 'date', index: true, admin: { readOnly: true, position: 'sidebar' } },
    { name: 'claimedAt', type: 'date', admin: { hidden: true } },
    { name: 'sentAt', type: 'date', admin: { readOnly: true, position: 'sidebar' } },
    // Payload's own time stamp, declared here to be listed in the coach's zone (the same column and index).
    {
      name: 'createdAt',
      label: 'Created',
      type: 'date',
      index: true,
      admin: { readOnly: true, position: 'sidebar', disableBulkEdit: true },
    },
    {
      // Counted by the hourly ceiling on visitor mail (./visitor-ceiling.ts, decision 080).
      name: 'visitorCaused',
      label: "Caused by a visitor's form",
      type: 'checkbox',
      defaultValue: false,
      index: true,
      admin: { readOnly: true, position: 'sidebar' },
    },
    { name: 'messageId', type: 'text', admin: { readOnly: true, position: 'sidebar' } },
    { name: 'lastError', type: 'textarea', admin: { readOnly: true } },
  ]).concat({
    // The live links of a mail that has any, sealed; cleared once the mail is sent or cancelled. Hidden from
    // the API and the admin, and read by nobody: only the worker reads it, with showHiddenFields.
    name: 'sealedLinks',
    type: 'text',
    hidden: true,
    access: { read: () => false, create: () => false, update: () => false },
  }),
}
