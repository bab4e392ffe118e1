import type { Metadata } from 'next'

import { ManageCallPage } from '@/features/booking/ManageCallPage'
import { pageOfRequest, type PageProps } from '@/platform/request-page'

export const metadata: Metadata = { title: 'Your Discovery Call', robots: { index: false, follow: false } }

// A private page per call, rendered whole for each request (it must work without JavaScript).
export const instant = false

export default async function Page(props: PageProps<'token'>) {
  const { part, query } = await pageOfRequest(props, 'token')
  return <ManageCallPage token={part} done={query('done')} problem={query('problem')} />
}
