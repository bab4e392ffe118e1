import { unsubscribeLinkPage } from '@/features/newsletter/token-page'

export const GET = unsubscribeLinkPage
