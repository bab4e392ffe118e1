import { methodNotAllowed } from '@/forms/http'
import { unsubscribeEndpoint } from '@/forms/newsletter-http'

export const POST = unsubscribeEndpoint
export { methodNotAllowed as GET }
