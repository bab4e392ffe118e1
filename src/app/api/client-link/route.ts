import { clientLinkForm } from '@/features/packages/client-link'
import { formEndpoint, methodNotAllowed } from '@/platform/forms/http'

export const POST = (request: Request): Promise<Response> => formEndpoint(clientLinkForm, request)
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE }
