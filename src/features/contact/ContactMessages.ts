import type { CollectionConfig } from 'payload'

import { inboxAccess } from '@/platform/access'
import { INQUIRY_TYPES } from './texts'

/** Messages sent through the contact form. Stored before any mail is sent; only the coach's team reads them. */
export const ContactMessages: CollectionConfig = {
  slug: 'contact-messages',
  labels: { singular: 'Message', plural: 'Messages' },
  defaultSort: '-receivedAt',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['receivedAt', 'name', 'email', 'inquiryType', 'handled'],
    group: 'Inbox',
    listSearchableFields: ['name', 'email', 'message'],
    description: 'Messages from the contact form. Tick "Handled" once you have replied.',
  },
  access: inboxAccess,
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100, access: { update: () => false } },
    { name: 'email', type: 'email', required: true, access: { update: () => false } },
    {
      name: 'inquiryType',
      type: 'select',
      required: true,
      defaultValue: 'general',
      index: true,
      options: INQUIRY_TYPES.map((t) => ({ label: t.label, value: t.value })),
      access: { update: () => false },
    },
    { name: 'message', type: 'textarea', required: true, maxLength: 5000, access: { update: () => false } },
    {
      name: 'receivedAt',
      type: 'date',
      required: true,
      index: true,
      access: { update: () => false },
      admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'handled', type: 'checkbox', defaultValue: false, index: true, admin: { position: 'sidebar' } },
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
  ],
}
