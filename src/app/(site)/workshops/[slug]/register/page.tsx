import type { Metadata } from 'next'
import { connection } from 'next/server'

import { RegisterPage } from '@/features/workshops/RegisterPage'

export const metadata: Metadata = { title: 'Register for a Workshop' }

// Rendered whole for each request: the seats left change by the minute, and the form must work without JavaScript.
export const instant = false

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  await connection()
  const [{ slug }, query] = await Promise.all([params, searchParams])
  const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined)
  return <RegisterPage slug={slug} done={one(query.done)} problem={one(query.problem)} />
}
