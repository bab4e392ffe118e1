import type { TextField } from 'payload'

import { isWebAddress } from '@/domain/web-address'

/** A text field holding an absolute http(s) address, checked on save. */
export const urlField = (
  name: string,
  label: string,
  options: { required?: boolean; description?: string } = {},
): TextField => ({
  name,
  label,
  type: 'text',
  required: options.required ?? false,
  admin: options.description ? { description: options.description } : undefined,
  validate: (value: null | string | undefined) => {
    if (!value) return options.required ? 'This field is required.' : true
    return isWebAddress(value) || 'Enter a full web address starting with https:// or http://'
  },
})
