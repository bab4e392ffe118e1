import type { Metadata } from 'next'

import { ClientPage } from '@/features/packages/ClientPage'
import { pageOfRequest, type PageProps } from '@/platform/request-page'

export const metadata: Metadata = { title: 'Your coaching', robots: { index: false, follow: false } }

// A private page per client, rendered whole for each request (its forms work without JavaScript).
export const instant = false

export default async function Page(props: PageProps<'token'>) {
  const { part, query } = await pageOfRequest(props, 'token')
  return <ClientPage token={part} done={query('done')} problem={query('problem')} />
}
