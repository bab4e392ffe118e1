import type { GlobalConfig } from 'payload'

import { admins, authenticated } from '@/platform/access'

/** Where a buyer who pays by bank transfer sends the money (shown to them after the intake questions). */
export const PaymentDetails: GlobalConfig = {
  slug: 'payment-details',
  label: 'Payment details',
  admin: {
    group: 'Packages',
    description: 'Shown to buyers who pay by bank transfer, with the reference of their purchase.',
  },
  access: { read: authenticated, update: admins },
  fields: [
    { name: 'accountHolder', label: 'Account holder', type: 'text', maxLength: 100 },
    { name: 'account', label: 'IBAN or account number', type: 'text', maxLength: 100 },
    { name: 'bank', label: 'Bank (name, BIC or routing number)', type: 'text', maxLength: 200 },
    {
      name: 'referenceHint',
      label: 'How to write the reference',
      type: 'textarea',
      maxLength: 500,
      defaultValue: 'Please write the reference on your transfer so I can match your payment.',
    },
  ],
}
