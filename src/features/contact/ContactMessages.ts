import { shownInCoachTimeZone } from '@/features/booking/coach-time-zone'
import type { CollectionConfig } from 'payload'

import { inboxAccess } from '@/platform/access'
import { INQUIRY_TYPES } from './texts'
import { personLinkField } from '@/features/people/person-link-field'

const readable = { components: { Field: '@/features/contact/admin/ReadableField#ReadableField' } }

/**
 * Messages sent through the contact form. Stored before any mail is sent; only the coach's team reads them.
 * The list opens on the unhandled ones (then newest first); a message's screen shows its words as text, a
 * "Reply" that opens the coach's mail program and a "Mark handled" that saves at once.
 */
export const ContactMessages: CollectionConfig = {
  slug: 'contact-messages',
  labels: { singular: 'Message', plural: 'Messages' },
  // Unhandled first, then the newest first within each.
  defaultSort: ['handled', '-receivedAt'],
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['receivedAt', 'name', 'email', 'inquiryType', 'handled'],
    group: 'Inbox',
    listSearchableFields: ['name', 'email', 'message'],
    description: 'Messages from the contact form, unhandled first. Open one to read it, reply and mark it handled.',
  },
  access: inboxAccess,
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100, access: { update: () => false }, admin: readable },
    { name: 'email', type: 'email', required: true, access: { update: () => false }, admin: readable },
    {
      name: 'inquiryType',
      type: 'select',
      required: true,
      defaultValue: 'general',
      index: true,
      options: INQUIRY_TYPES.map((t) => ({ label: t.label, value: t.value })),
      access: { update: () => false },
      admin: readable,
    },
    {
      name: 'message',
      type: 'textarea',
      required: true,
      maxLength: 5000,
      access: { update: () => false },
      admin: readable,
    },
    {
      name: 'reply',
      type: 'ui',
      admin: {
        position: 'sidebar',
        disableListColumn: true,
        components: { Field: '@/features/contact/admin/ReplyLink#ReplyLink' },
      },
    },
    shownInCoachTimeZone({
      name: 'receivedAt',
      required: true,
      index: true,
      access: { update: () => false },
      admin: { readOnly: true, position: 'sidebar' },
    }),
    {
      name: 'handled',
      type: 'checkbox',
      defaultValue: false,
      index: true,
      admin: {
        position: 'sidebar',
        components: {
          Field: '@/features/contact/admin/MarkHandled#MarkHandled',
          Cell: '@/components/YesNoCell#YesNoCell',
        },
      },
    },
    {
      name: 'ipHash',
      label: 'Sender (hashed address)',
      type: 'text',
      access: { update: () => false },
      admin: {
        readOnly: true,
        position: 'sidebar',
        description:
          'A one-way hash of the sender\u2019s IP address, for spotting abuse. The address itself is never stored.',
      },
    },
    // A link to everything the site holds about this address (People).
    personLinkField,
  ],
}
