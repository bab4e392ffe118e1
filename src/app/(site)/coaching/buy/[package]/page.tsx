import type { Metadata } from 'next'
import { connection } from 'next/server'

import { BuyPage } from '@/features/packages/CheckoutPages'

export const metadata: Metadata = { title: 'Buy a coaching package', robots: { index: false, follow: false } }

// Rendered for each request: what is on sale now (it must work without JavaScript).
export const instant = false

export default async function Page({ params }: { params: Promise<{ package: string }> }) {
  await connection()
  return <BuyPage packageId={(await params).package} />
}
