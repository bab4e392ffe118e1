import type { AdminViewServerProps, TypedUser } from 'payload'
import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter } from '@payloadcms/ui'
import { redirect } from 'next/navigation'
import type { ReactNode } from 'react'

import { readAvailability } from '@/features/booking/calls'
import { dayKey, dayLabel } from '@/features/booking/format'

import { listPeople } from './people'
import { PeopleList } from './PeopleList'

/**
 * The frame of the People screens: Payload's own (navigation, header) around them, for logged-in users only
 * (Payload leaves a custom view's door to the view itself).
 */
export function PeopleFrame({
  initPageResult,
  params,
  searchParams,
  here,
  children,
}: AdminViewServerProps & { here: string; children: ReactNode }) {
  const { req } = initPageResult
  if (!req.user) redirect(`/admin/login?redirect=${encodeURIComponent(here)}`)
  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={initPageResult.locale}
      params={params}
      payload={req.payload}
      permissions={initPageResult.permissions}
      req={req}
      searchParams={searchParams}
      user={req.user}
      visibleEntities={initPageResult.visibleEntities}
    >
      <Gutter className="coach-admin people">{children}</Gutter>
    </DefaultTemplate>
  )
}

/** /admin/people: one row per address the site holds, newest contact first (./people.ts). */
export async function PeopleView(props: AdminViewServerProps) {
  const { req } = props.initPageResult
  const user = req.user as TypedUser | null
  const people = user ? await listPeople(req.payload, user) : []
  const { timeZone } = await readAvailability(req.payload)
  const lastContact = (iso: string | null) => {
    if (!iso) return 'no contact'
    const d = new Date(iso)
    return `${dayLabel(d, timeZone)}, ${dayKey(d, timeZone).slice(0, 4)}`
  }
  return (
    <PeopleFrame {...props} here="/admin/people">
      <h1 style={{ margin: '1.5rem 0 0.25rem' }}>People</h1>
      <p style={{ margin: '0 0 1rem', color: 'var(--theme-elevation-650)' }}>
        Everyone who wrote, booked a call or subscribed, one row per e-mail address (in any case), the latest contact
        first.
      </p>
      <PeopleList
        people={people.map((p) => ({
          key: p.key,
          email: p.email,
          name: p.name,
          holds: p.holds,
          lastContact: lastContact(p.lastContact),
        }))}
      />
    </PeopleFrame>
  )
}
