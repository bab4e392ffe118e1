import { Forbidden, type CollectionBeforeChangeHook, type CollectionConfig } from 'payload'

import { shownInCoachTimeZone } from '@/features/booking/coach-time-zone'
import { personEmailField } from '@/features/people/person-email-field'
import { moneyRecordAccess } from '@/platform/access'
import { choices } from '@/platform/fields/choices'
import { instalmentsEndpoint, markPaidEndpoint, refundEndpoint, refundStateEndpoint } from './endpoints'

/** Where a purchase stands, in the order a buyer goes through checkout. */
export const PURCHASE_STATUSES = [
  { value: 'code-sent', label: 'Waiting for the buyer’s code' },
  { value: 'verified', label: 'E-mail confirmed' },
  { value: 'agreed', label: 'Agreement accepted' },
  { value: 'awaiting-payment', label: 'Awaiting payment' },
  { value: 'paid', label: 'Paid' },
  // A bank transfer not received within the time allowed (./abandoned.ts); still marked paid if it arrives.
  { value: 'lapsed', label: 'Transfer not received: lapsed' },
] as const
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number]['value']

/** The agreement evidence: written once, when the buyer accepts; never changed after, by any path. */
const EVIDENCE = ['agreementVersion', 'agreementHash', 'agreedName', 'agreedAt', 'agreedEmail'] as const

const evidenceNeverChanges: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !originalDoc?.agreementHash) return data
  for (const field of EVIDENCE) {
    if (!(field in data)) continue
    const before = originalDoc[field]
    const after = data[field]
    const id = (v: unknown) => (v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v)
    const same =
      field === 'agreedAt'
        ? new Date(String(before)).getTime() === new Date(String(after)).getTime()
        : String(id(before)) === String(id(after))
    if (!same) throw new Forbidden(req.t)
  }
  return data
}

const readOnly = { readOnly: true }

/**
 * A buyer's purchase of a package (decision 055): who (a verified e-mail), what (the package as it was sold:
 * price in cents, sessions, their length, validity), the agreement they accepted (version, its SHA-256, the
 * name they typed, when, the verified e-mail), their intake answers, and the payment. Only the site's own
 * checkout writes it (with overrideAccess); admins read it and mark a bank transfer received (the endpoint
 * ./endpoints.ts, admins only), which opens the credits; a card payment is confirmed by Stripe's webhook or
 * the buyer's return (./stripe.ts). Nobody edits or deletes a purchase through the API.
 */
export const Purchases: CollectionConfig = {
  slug: 'purchases',
  labels: { singular: 'Purchase', plural: 'Purchases' },
  defaultSort: '-createdAt',
  admin: {
    useAsTitle: 'reference',
    group: 'Packages',
    defaultColumns: ['reference', 'email', 'packageTitle', 'amount', 'status', 'createdAt'],
    listSearchableFields: ['email', 'reference', 'agreedName'],
    description:
      'Purchases of your packages. When a bank transfer arrives, open its purchase and press "Mark payment received": the credits open and the client gets the link to their page. A card payment through Stripe does this by itself. To give money back, use "Refund" on a paid purchase.',
  },
  access: moneyRecordAccess,
  hooks: { beforeChange: [evidenceNeverChanges] },
  endpoints: [markPaidEndpoint, instalmentsEndpoint, refundStateEndpoint, refundEndpoint],
  fields: [
    {
      name: 'markPaid',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: '@/features/packages/admin/MarkPaid#MarkPaid' } },
    },
    {
      name: 'refundPayment',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: '@/features/packages/admin/RefundPayment#RefundPayment' } },
    },
    { name: 'reference', type: 'text', unique: true, admin: readOnly },
    {
      name: 'status',
      type: 'select',
      required: true,
      index: true,
      options: PURCHASE_STATUSES.map((s) => ({ ...s })),
      admin: readOnly,
    },
    personEmailField('Buyer’s e-mail', { admin: readOnly }),
    { name: 'package', type: 'relationship', relationTo: 'packages', admin: readOnly },
    { name: 'packageTitle', label: 'Package', type: 'text', required: true, admin: readOnly },
    { name: 'amount', label: 'Price (cents)', type: 'number', required: true, admin: readOnly },
    { name: 'sessions', type: 'number', required: true, admin: readOnly },
    { name: 'sessionMinutes', label: 'Session length (minutes)', type: 'number', required: true, admin: readOnly },
    { name: 'validityDays', label: 'Credits valid for (days)', type: 'number', required: true, admin: readOnly },
    // Paid in this many monthly instalments (decision 071); empty: in full.
    {
      name: 'instalments',
      label: 'Monthly payments',
      type: 'number',
      admin: { ...readOnly, description: 'Empty when paid in full.' },
    },
    {
      name: 'paymentMethod',
      label: 'Payment',
      type: 'select',
      options: choices({ 'bank-transfer': 'Bank transfer', stripe: 'Card (Stripe Checkout)' }),
      admin: readOnly,
    },
    // A card payment (decision 066): the buyer's latest Checkout Session, and once paid, Stripe's payment (the
    // PaymentIntent its refunds name).
    { name: 'stripeSession', label: 'Stripe Checkout Session', type: 'text', index: true, admin: readOnly },
    { name: 'stripePaymentIntent', label: 'Stripe payment', type: 'text', index: true, admin: readOnly },
    // Instalments by card (decision 071): the subscription whose invoices are the instalments, and the latest
    // instalment Stripe could not collect, for the coach to see.
    { name: 'stripeSubscription', label: 'Stripe subscription', type: 'text', index: true, admin: readOnly },
    { name: 'instalmentProblem', label: 'Instalment not paid', type: 'text', admin: readOnly },
    shownInCoachTimeZone({ name: 'paidAt', label: 'Payment received', admin: readOnly }),
    { name: 'paidBy', label: 'Marked paid by', type: 'relationship', relationTo: 'users', admin: readOnly },
    {
      type: 'collapsible',
      label: 'Agreement accepted',
      fields: [
        { name: 'agreementVersion', type: 'relationship', relationTo: 'agreement-versions', admin: readOnly },
        { name: 'agreementHash', label: 'SHA-256 of the text accepted', type: 'text', admin: readOnly },
        { name: 'agreedName', label: 'Name typed', type: 'text', admin: readOnly },
        shownInCoachTimeZone({ name: 'agreedAt', label: 'Accepted at', admin: readOnly }),
        { name: 'agreedEmail', label: 'Verified e-mail', type: 'email', admin: readOnly },
      ],
    },
    // The questions as they were asked and the answers, [{ question, answer }]: one value, written once (a
    // list of rows would be rewritten by every save of the purchase, and two saves at once would collide).
    {
      name: 'intakeAnswers',
      label: 'Intake answers',
      type: 'json',
      admin: { ...readOnly, components: { Field: '@/features/packages/admin/IntakeAnswers#IntakeAnswers' } },
    },
    // The buyer's mailed code, as a hash, until they type it; then nothing.
    { name: 'codeHash', type: 'text', hidden: true },
    { name: 'codeExpiresAt', type: 'date', hidden: true },
    { name: 'codeTries', type: 'number', hidden: true, defaultValue: 0 },
    // The hash of the client page's token (./tokens.ts): finds the client's purchases from their link.
    { name: 'clientKey', type: 'text', hidden: true, index: true },
  ],
}
