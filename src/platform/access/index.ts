import type { Access, FieldAccess, PayloadRequest } from 'payload'

import type { User } from '@/payload-types'

const isAdmin = (user: unknown): boolean => (user as User | null)?.role === 'admin'

/** Anyone: the public read API and pages only ever ask for published items (see `published`). */
export const anyone: Access = () => true

/** Any logged-in user of the admin (the coach, an assistant). */
export const authenticated: Access = ({ req }) => Boolean(req.user)

/** Only users with the admin role: managing users, unlocking accounts. */
export const admins: Access = ({ req }) => isAdmin(req.user)

export const adminsFieldLevel: FieldAccess = ({ req }) => isAdmin(req.user)

/**
 * Money and clients (decision 090): what was paid, refunded or credited, and who bought a package or booked a
 * session from one, is for admins only, on every path (REST, the Local API with a user, the admin's lists and
 * People, Today, the exports). Every collection and field that holds it takes its reading from here:
 * `moneyAndClients` for a whole collection, `moneyAndClientsField` for a field of one editors otherwise read
 * (a workshop registration's payment).
 */
export const moneyAndClients: Access = ({ req }) => isAdmin(req.user)

export const moneyAndClientsField: FieldAccess = ({ req }) => isAdmin(req.user)

/** A record of money or clients that only the site's own code writes (with overrideAccess): admins read it. */
export const moneyRecordAccess = {
  read: moneyAndClients,
  create: () => false,
  update: () => false,
  delete: () => false,
}

/** Admins see every user; everyone else sees only their own account. */
export const adminsOrSelf: Access = ({ req }) => {
  if (!req.user) return false
  if (isAdmin(req.user)) return true
  return { id: { equals: req.user.id } }
}

/** Logged-in users see drafts; the public sees only published items. */
export const publishedOrAuthenticated: Access = ({ req }) => {
  if (req.user) return true
  return { published: { equals: true } }
}

/** The public lists the coach edits: anyone reads what is published, logged-in users do the rest. */
export const publicListAccess = {
  read: publishedOrAuthenticated,
  create: authenticated,
  update: authenticated,
  delete: authenticated,
}

/**
 * What arrives through the site (messages, subscribers): only the site's own handlers create it
 * (with overrideAccess); logged-in users read, update and delete it; the public never sees it.
 */
export const inboxAccess = {
  read: authenticated,
  update: authenticated,
  delete: authenticated,
  create: () => false,
}

/**
 * Outgoing mail: other people's addresses and words, and the state of every mail the site sends. Admins
 * read it, set a failed mail back to "Queued" and delete; only the site's own code queues mail.
 */
export const outboxAccess = {
  read: admins,
  update: admins,
  delete: admins,
  create: () => false,
}

/**
 * What `read` returns, or undefined when Payload refuses it to this user (403, their access rules): a screen
 * that gathers several lists (Today, People) leaves out the one this user may not read instead of failing.
 * Any other error is thrown on.
 */
export async function ifAllowed<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read()
  } catch (error) {
    if ((error as { status?: number }).status === 403) return undefined
    throw error
  }
}

/**
 * For an endpoint only admins may call: the refusal to answer (401 "Please log in." without a session, 403
 * "Only an admin can <doing>." for anyone else), or null for an admin.
 */
export function adminOnlyRefusal(req: PayloadRequest, doing: string): Response | null {
  if (!req.user) return Response.json({ errors: [{ message: 'Please log in.' }] }, { status: 401 })
  if (!isAdmin(req.user)) {
    return Response.json({ errors: [{ message: `Only an admin can ${doing}.` }] }, { status: 403 })
  }
  return null
}
