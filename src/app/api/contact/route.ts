import { contactForm } from '@/features/contact/form'
import { formEndpoint, methodNotAllowed } from '@/platform/forms/http'

export const POST = (request: Request): Promise<Response> => formEndpoint(contactForm, request)
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE }
