import type { CollectionConfig } from 'payload'

import { INSTALMENTS_MAX, INSTALMENTS_MIN, INTAKE_KINDS } from '@/domain/packages'
import { authenticated } from '@/platform/access'
import { revalidateCollection } from '@/platform/cache/revalidate'
import { choices } from '@/platform/fields/choices'

/**
 * A pricing card of Pages → Coaching made sellable (decision 054): the card keeps its name and its price
 * (prices are written once, decision 048); the package says what the price buys, the agreement a buyer
 * accepts, the questions asked before paying, and whether it is on sale.
 */
export const Packages: CollectionConfig = {
  slug: 'packages',
  labels: { singular: 'Package', plural: 'Packages' },
  admin: {
    useAsTitle: 'card',
    group: 'Packages',
    defaultColumns: ['card', 'onSale', 'sessions', 'sessionMinutes', 'validityDays'],
    description:
      'Sell a pricing card of Pages → Coaching. Its name and price come from the card; while "On sale" is ticked the card shows a Buy button. Paid in full, or in monthly instalments: the credits open with the first payment.',
  },
  access: { read: authenticated, create: authenticated, update: authenticated, delete: authenticated },
  // The coaching page's Buy buttons follow at once.
  hooks: revalidateCollection('packages'),
  fields: [
    {
      name: 'card',
      label: 'Pricing card',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 40,
      admin: { description: 'The name of the pricing card this package sells, exactly as on Pages → Coaching.' },
    },
    { name: 'onSale', label: 'On sale', type: 'checkbox', defaultValue: false },
    {
      type: 'row',
      fields: [
        { name: 'sessions', label: 'Number of sessions', type: 'number', required: true, min: 1, max: 100 },
        {
          name: 'sessionMinutes',
          label: 'Session length (minutes)',
          type: 'number',
          required: true,
          min: 15,
          max: 480,
          defaultValue: 60,
        },
        {
          name: 'validityDays',
          label: 'Credits valid for (days)',
          type: 'number',
          required: true,
          min: 1,
          max: 3650,
          defaultValue: 90,
          admin: { description: 'From the day the payment arrives.' },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'payment',
          type: 'select',
          defaultValue: 'full',
          options: choices({ full: 'In full', instalments: 'In instalments' }),
          admin: { description: 'In instalments: the price split into monthly payments (decision 071).' },
        },
        {
          name: 'instalments',
          label: 'Number of monthly payments',
          type: 'number',
          min: INSTALMENTS_MIN,
          max: INSTALMENTS_MAX,
          defaultValue: 3,
          admin: {
            condition: (data) => data?.payment === 'instalments',
            description: `From ${INSTALMENTS_MIN} to ${INSTALMENTS_MAX}. Equal payments; the first takes the odd cents.`,
          },
          validate: (value: null | number | undefined, { siblingData }: { siblingData: { payment?: string } }) =>
            siblingData.payment !== 'instalments' ||
            (Number.isInteger(value) && value! >= INSTALMENTS_MIN && value! <= INSTALMENTS_MAX)
              ? true
              : `Choose from ${INSTALMENTS_MIN} to ${INSTALMENTS_MAX} monthly payments.`,
        },
      ],
    },
    {
      name: 'agreement',
      type: 'relationship',
      relationTo: 'agreements',
      required: true,
      admin: { description: 'The buyer accepts its current text, by typing their name.' },
    },
    {
      name: 'intakeQuestions',
      label: 'Intake questions',
      type: 'array',
      maxRows: 10,
      labels: { singular: 'Question', plural: 'Questions' },
      fields: [
        { name: 'question', type: 'text', required: true, maxLength: 200 },
        {
          type: 'row',
          fields: [
            {
              name: 'kind',
              label: 'Answer',
              type: 'select',
              required: true,
              defaultValue: 'short',
              options: INTAKE_KINDS.map((value) => ({
                value,
                label: { short: 'Short answer', long: 'Long answer', choice: 'A choice' }[value],
              })),
            },
            { name: 'required', type: 'checkbox', defaultValue: false },
          ],
        },
        {
          name: 'choices',
          type: 'textarea',
          admin: {
            description: 'For "A choice": one choice per line.',
            condition: (_, row) => row?.kind === 'choice',
          },
          validate: (value: null | string | undefined, { siblingData }: { siblingData: { kind?: string } }) =>
            siblingData.kind !== 'choice' || (value ?? '').split('\n').some((c) => c.trim())
              ? true
              : 'Write at least one choice, one per line.',
        },
      ],
    },
  ],
}
