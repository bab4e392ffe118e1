import type { Metadata } from 'next'
import { connection } from 'next/server'

import { PagePreview } from '@/features/pages/PagePreview'

export const metadata: Metadata = { title: 'Preview', robots: { index: false, follow: false } }

// The coach's preview of a draft: checked and rendered for each request, never cached.
export const instant = false

export default async function PreviewPage({ params }: { params: Promise<{ page: string }> }) {
  await connection()
  return <PagePreview name={(await params).page} />
}
