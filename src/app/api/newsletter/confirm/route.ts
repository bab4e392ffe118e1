import { methodNotAllowed } from '@/forms/http'
import { confirmEndpoint } from '@/forms/newsletter-http'

export const POST = confirmEndpoint
// A GET (a link scanner following the mail's link here) must never confirm.
export { methodNotAllowed as GET }
