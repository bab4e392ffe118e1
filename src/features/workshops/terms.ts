import type { WorkshopTerms } from '@/domain/workshop-seats'
import type { Workshop } from '@/payload-types'

const HOUR = 60 * 60 * 1000

/** A workshop's terms as the seats' rules read them (src/domain/workshop-seats.ts), from the coach's fields. */
export const termsOf = (
  w: Pick<Workshop, 'seats' | 'date' | 'registrationClosesAt' | 'waitlist' | 'holdHours'>,
): WorkshopTerms => ({
  seats: w.seats ?? 20,
  startsAt: new Date(w.date).getTime(),
  registrationClosesAt: new Date(w.registrationClosesAt ?? w.date).getTime(),
  waitlist: w.waitlist !== false,
  holdMs: (w.holdHours ?? 24) * HOUR,
})
