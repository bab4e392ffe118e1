'use client'

import { PasswordField, useAuth, useDocumentInfo } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'

/** The server decides when it is needed (./current-password.ts); the browser never refuses to save without it. */
const anyValue = () => true as const

/**
 * "Current password" on the account screen: a password input the browser's password manager can fill
 * (`autocomplete="current-password"`), needed to change one's own e-mail or password. Not shown on another
 * account's screen (an admin changing an assistant's account is not asked) nor on a new account's.
 */
export const CurrentPasswordField: TextFieldClientComponent = ({ field, path }) => {
  const { user } = useAuth()
  const { id } = useDocumentInfo()
  const own = user !== null && user !== undefined && id !== undefined && id !== null && String(user.id) === String(id)
  if (!own) return null
  return <PasswordField autoComplete="current-password" field={field} path={path} validate={anyValue} />
}
