import type { Payload, TypedUser } from 'payload'

/** The messages the coach has still to handle, as this user may read them (0 when they cannot). */
export async function unhandledMessageCount(payload: Payload, user: TypedUser | null | undefined): Promise<number> {
  if (!user) return 0
  try {
    const { totalDocs } = await payload.count({
      collection: 'contact-messages',
      where: { handled: { not_equals: true } },
      overrideAccess: false,
      user,
    })
    return totalDocs
  } catch {
    return 0
  }
}

/** "Messages" in the admin's navigation, with the count of unhandled ones when there are any. */
export const messagesNavLabel = (plural: string, unhandled: number): string =>
  unhandled > 0 ? `${plural} (${unhandled} unhandled)` : plural
