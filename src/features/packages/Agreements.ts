import {
  Forbidden,
  type CollectionAfterChangeHook,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
} from 'payload'

import { agreementHash } from '@/domain/packages'
import { authenticated } from '@/platform/access'

/**
 * Each saved text of an agreement becomes a new version with its own SHA-256; the purchase that accepted it
 * points at that version, so a later edit never changes what a buyer agreed to (decision 054).
 */
const newVersionOnChange: CollectionAfterChangeHook = async ({ doc, req }) => {
  const text = String(doc.text ?? '')
  const hash = agreementHash(text)
  const latest = await req.payload.find({
    collection: 'agreement-versions',
    where: { agreement: { equals: doc.id } },
    sort: '-number',
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const last = latest.docs[0]
  if (last && last.hash === hash && last.title === doc.title) return doc
  await req.payload.create({
    collection: 'agreement-versions',
    data: { agreement: doc.id, number: (last?.number ?? 0) + 1, title: doc.title, text, hash },
    depth: 0,
    overrideAccess: true,
    req,
  })
  return doc
}

/** The coach's agreements (terms a buyer accepts by typing their name), edited as plain long text. */
export const Agreements: CollectionConfig = {
  slug: 'agreements',
  labels: { singular: 'Agreement', plural: 'Agreements' },
  admin: {
    useAsTitle: 'title',
    group: 'Packages',
    defaultColumns: ['title', 'updatedAt'],
    description:
      'The terms a buyer accepts before paying. Each save keeps the text as a new version: a purchase always shows the exact version its buyer accepted.',
  },
  access: { read: authenticated, create: authenticated, update: authenticated, delete: authenticated },
  hooks: { afterChange: [newVersionOnChange] },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 100 },
    {
      name: 'text',
      label: 'Agreement text',
      type: 'textarea',
      required: true,
      maxLength: 20_000,
      admin: { rows: 16, description: 'Plain text; blank lines separate paragraphs. At most 20,000 characters.' },
    },
  ],
}

/** No path changes a version: not the REST API, not the Local API, not even with overrideAccess. */
const neverChanged: CollectionBeforeOperationHook = ({ operation, req }) => {
  if (operation === 'update') throw new Forbidden(req.t)
}

/** Every saved text of every agreement, never changed: what buyers accepted, by its SHA-256. */
export const AgreementVersions: CollectionConfig = {
  slug: 'agreement-versions',
  labels: { singular: 'Agreement version', plural: 'Agreement versions' },
  defaultSort: '-createdAt',
  admin: {
    useAsTitle: 'title',
    group: 'Packages',
    defaultColumns: ['title', 'number', 'createdAt', 'hash'],
    description: 'Each saved text of an agreement, kept as it was. Buyers accept one of these.',
  },
  access: { read: authenticated, create: () => false, update: () => false, delete: () => false },
  hooks: { beforeOperation: [neverChanged] },
  fields: [
    { name: 'agreement', type: 'relationship', relationTo: 'agreements', index: true },
    { name: 'number', label: 'Version', type: 'number', required: true },
    { name: 'title', type: 'text', required: true },
    { name: 'text', type: 'textarea', required: true },
    { name: 'hash', label: 'SHA-256 of the text', type: 'text', required: true, index: true },
  ],
}
