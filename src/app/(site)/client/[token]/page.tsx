import type { Metadata } from 'next'
import { connection } from 'next/server'

import { ClientPage } from '@/features/packages/ClientPage'

export const metadata: Metadata = { title: 'Your coaching', robots: { index: false, follow: false } }

// A private page per client, rendered whole for each request.
export const instant = false

export default async function Page({ params }: { params: Promise<{ token: string }> }) {
  await connection()
  return <ClientPage token={(await params).token} />
}
