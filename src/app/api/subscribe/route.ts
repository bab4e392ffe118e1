import { subscribeForm } from '@/features/newsletter/form'
import { formEndpoint, methodNotAllowed } from '@/platform/forms/http'

export const POST = (request: Request): Promise<Response> => formEndpoint(subscribeForm, request)
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE }
