import { confirmLinkPage } from '@/features/newsletter/token-page'

export const GET = confirmLinkPage
