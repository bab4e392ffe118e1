import { confirmEndpoint } from '@/features/newsletter/endpoints'
import { methodNotAllowed } from '@/platform/forms/http'

export const POST = confirmEndpoint
// A GET (a link scanner following the mail's link here) must never confirm.
export { methodNotAllowed as GET }
