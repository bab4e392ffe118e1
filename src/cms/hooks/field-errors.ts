import type { AfterErrorHook } from 'payload'

/**
 * Keeps a validation error's per-field messages in the REST answer, so the admin can show each message on
 * its field (e.g. "A price is a whole number of dollars…") and not only "The following field is invalid".
 *
 * Payload's error formatter recognises its ValidationError with `instanceof`; in the production build the
 * error is thrown from one copy of the class and checked against another, the check fails, and the answer
 * loses `data` (payloadcms/payload#7140, #17298). The error itself still carries its name, status and data.
 */
export const keepFieldErrors: AfterErrorHook = ({ error, result }) => {
  const { data, status } = error as Error & { data?: { errors?: unknown[] }; status?: number }
  if (error.name !== 'ValidationError' || status !== 400 || !Array.isArray(data?.errors)) return
  const answered = (result as { errors?: { data?: unknown }[] } | undefined)?.errors
  if (answered?.some((e) => e.data)) return
  return { response: { errors: [{ name: error.name, data, message: error.message }] }, status }
}
