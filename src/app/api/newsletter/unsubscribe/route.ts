import { unsubscribeEndpoint } from '@/features/newsletter/endpoints'
import { methodNotAllowed } from '@/platform/forms/http'

export const POST = unsubscribeEndpoint
export { methodNotAllowed as GET }
