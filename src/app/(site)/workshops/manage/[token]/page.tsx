import type { Metadata } from 'next'

import { ManageRegistrationPage } from '@/features/workshops/ManageRegistrationPage'
import { pageOfRequest, type PageProps } from '@/platform/request-page'

export const metadata: Metadata = { title: 'Your Workshop Registration', robots: { index: false, follow: false } }

// A private page per registration, rendered whole for each request (it must work without JavaScript).
export const instant = false

export default async function Page(props: PageProps<'token'>) {
  const { part, query } = await pageOfRequest(props, 'token')
  return (
    <ManageRegistrationPage
      token={part}
      done={query('done')}
      problem={query('problem')}
      returnedFrom={query('session_id')}
      payment={query('payment')}
    />
  )
}
