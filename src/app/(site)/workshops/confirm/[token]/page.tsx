import type { Metadata } from 'next'

import { ConfirmRegistrationPage } from '@/features/workshops/ConfirmRegistrationPage'
import { pageOfRequest, type PageProps } from '@/platform/request-page'

export const metadata: Metadata = { title: 'Confirm Your Registration', robots: { index: false, follow: false } }

// A private page per confirmation link, rendered whole for each request (it must work without JavaScript).
export const instant = false

export default async function Page(props: PageProps<'token'>) {
  const { part, query } = await pageOfRequest(props, 'token')
  return <ConfirmRegistrationPage token={part} problem={query('problem')} />
}
