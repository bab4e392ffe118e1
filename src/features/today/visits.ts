import { shownInCoachTimeZone } from '@/features/booking/coach-time-zone'
import type { CollectionAfterLoginHook, Field, PayloadRequest } from 'payload'

/*
 * A coach's visits, for the dashboard's "since your last visit": a visit begins with a login (the admin's
 * session lasts hours, and lapses overnight), so the last visit is the login before this one. Written by the
 * login itself, below Payload's hooks (no throttle or password rule concerns a time stamp), in the login's
 * own transaction.
 */

export const visitFields: Field[] = [
  shownInCoachTimeZone({
    name: 'lastLoginAt',
    label: 'Last logged in',
    access: { create: () => false, update: () => false },
    admin: { readOnly: true, position: 'sidebar' },
  }),
  {
    name: 'previousLoginAt',
    type: 'date',
    access: { create: () => false, update: () => false },
    admin: { hidden: true },
  },
]

export const recordVisit: CollectionAfterLoginHook = async ({ req, user }) => {
  await moveVisit(req, user as { id: number | string; lastLoginAt?: string | null }, new Date())
  return user
}

export async function moveVisit(
  req: PayloadRequest,
  user: { id: number | string; lastLoginAt?: string | null },
  now: Date,
): Promise<void> {
  await req.payload.db.updateOne({
    collection: 'users',
    id: user.id,
    data: { previousLoginAt: user.lastLoginAt ?? null, lastLoginAt: now.toISOString() },
    req,
  })
}
