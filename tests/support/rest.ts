import type { Payload, PayloadRequest } from 'payload'

import type { User } from '@/payload-types'

/**
 * A request to Payload's REST API as the site serves it (under /cms-api), through Payload's own handlers
 * without a server: logged in with a session's `token`, from the client address `from` (as a proxy reports
 * it), with a JSON `body` (a string is sent as it is).
 */
export async function restRequest(
  path: string,
  { method = 'GET', token, from, body }: { method?: string; token?: string | null; from?: string; body?: unknown } = {},
): Promise<Response> {
  const { handleEndpoints } = await import('payload')
  const { default: config } = await import('@/cms/payload.config')
  return handleEndpoints({
    config,
    request: new Request(`http://localhost:3000/cms-api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(from ? { 'x-forwarded-for': from } : {}),
        ...(token ? { Authorization: `JWT ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
  })
}

/**
 * A client's request as it reaches Payload's operations (REST, GraphQL, the account screen): logged in as
 * `user`, from the address `from`; for calling an operation (e.g. updateByIDOperation) the way the API does.
 */
export async function asClient(payload: Payload, user: User, from: string): Promise<PayloadRequest> {
  const { createLocalReq } = await import('payload')
  return createLocalReq(
    {
      req: { payloadAPI: 'REST', headers: new Headers({ 'x-forwarded-for': from }) },
      user: { ...user, collection: 'users' },
    },
    payload,
  )
}
