import type { Metadata } from 'next'

import { RegisterPage } from '@/features/workshops/RegisterPage'
import { pageOfRequest, type PageProps } from '@/platform/request-page'

export const metadata: Metadata = { title: 'Register for a Workshop' }

// Rendered whole for each request: the seats left change by the minute, and the form must work without JavaScript.
export const instant = false

export default async function Page(props: PageProps<'slug'>) {
  const { part, query } = await pageOfRequest(props, 'slug')
  return <RegisterPage slug={part} done={query('done')} problem={query('problem')} />
}
