import { DefaultNav } from '@payloadcms/next/rsc'
import type { ComponentProps } from 'react'

import { ContactMessages } from '@/features/contact/ContactMessages'
import { messagesNavLabel, unhandledMessageCount } from '@/features/contact/inbox'

/**
 * Payload's own navigation, with the count of unhandled messages beside "Messages" (Inbox). Payload offers no
 * component per link, so the navigation is drawn from a copy of the configuration whose Messages label carries
 * the count. It is rendered with every admin screen, so the count follows a message marked handled as soon as
 * the screen refreshes.
 */
export async function AdminNav(props: ComponentProps<typeof DefaultNav>) {
  const { payload, user } = props
  const unhandled = await unhandledMessageCount(payload, user)
  if (unhandled === 0) return <DefaultNav {...props} />
  const plural = String(ContactMessages.labels?.plural ?? 'Messages')
  const config = {
    ...payload.config,
    collections: payload.config.collections.map((c) =>
      c.slug === ContactMessages.slug
        ? { ...c, labels: { ...c.labels, plural: messagesNavLabel(plural, unhandled) } }
        : c,
    ),
  }
  // Everything else of the client (its import map, its methods) is the real one's, through the prototype.
  const counted = Object.create(payload, { config: { value: config } }) as typeof payload
  return <DefaultNav {...props} payload={counted} />
}
