import type { Metadata } from 'next'
import { connection } from 'next/server'

import { CheckoutPage } from '@/features/packages/CheckoutPages'

export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false } }

// A private page per purchase, rendered whole for each request (it must work without JavaScript).
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
  return <CheckoutPage token={token} problem={one(query.problem)} fields={one(query.fields)} />
}
