import { bookingForm } from '@/features/booking/book'
import { formEndpoint, methodNotAllowed } from '@/platform/forms/http'

export const POST = (request: Request): Promise<Response> => formEndpoint(bookingForm, request)
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE }
