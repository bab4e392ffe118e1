import type { Metadata } from 'next'
import { connection } from 'next/server'

import { ManageRegistrationPage } from '@/features/workshops/ManageRegistrationPage'

export const metadata: Metadata = { title: 'Your Workshop Registration', robots: { index: false, follow: false } }

// A private page per registration, rendered whole for each request (it must work without JavaScript).
export const instant = false

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  await connection()
  const [{ token }, query] = await Promise.all([params, searchParams])
  const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined)
  return <ManageRegistrationPage token={token} done={one(query.done)} problem={one(query.problem)} />
}
