import { formEndpoint, methodNotAllowed } from '@/forms/http'

export const POST = (request: Request): Promise<Response> => formEndpoint('contact', request)
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE }
