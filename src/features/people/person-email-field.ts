import type { EmailField } from 'payload'

import { normalAddress } from '@/domain/people'

/**
 * A person's e-mail address on a row People gathers by it: required, indexed, and stored as normalAddress
 * writes it, so every row of one address is found by the one form of it. `more` adds to it (admin settings,
 * `unique`).
 */
export const personEmailField = (label: string, more: Omit<Partial<EmailField>, 'type'> = {}): EmailField => ({
  name: 'email',
  label,
  type: 'email',
  required: true,
  index: true,
  ...more,
  hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? normalAddress(value) : value)] },
})
