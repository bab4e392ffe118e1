import { bookedAnswerFloor, bookingForm } from '@/features/booking/book'
import { formEndpoint, methodNotAllowed } from '@/platform/forms/http'

export async function POST(request: Request): Promise<Response> {
  const started = performance.now()
  const response = await formEndpoint(bookingForm, request)
  // Booked or not (the address already had a call), the same answer at the same time.
  if (response.status === 200) await bookedAnswerFloor(started)
  return response
}
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE }
