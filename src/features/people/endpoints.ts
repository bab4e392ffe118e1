import type { Endpoint, PayloadRequest, TypedUser } from 'payload'

import { withoutSecrets } from '@/features/export/everything'
import { adminOnlyRefusal } from '@/platform/access'
import { fileDate, jsonExport } from '@/platform/download'
import { inTransaction } from '@/platform/transaction'

import {
  addressOfKey,
  erasePerson,
  personExport,
  UpcomingCallFirst,
  UpcomingSessionFirst,
  UpcomingWorkshopFirst,
} from './people'

/*
 * A person's download and erasure (../../domain/people.ts for who a person is), for admins only, like the
 * export of everything (../export/everything.ts): the person is named by their key, never by their address.
 */

const noSuchPerson = () =>
  Response.json({ errors: [{ message: 'The site holds nothing about this person (any more).' }] }, { status: 404 })

async function addressOf(req: PayloadRequest): Promise<string | null> {
  return addressOfKey(req.payload, req.user as TypedUser, String(req.routeParams?.key ?? ''))
}

/** GET /cms-api/people/<key>/export.json: everything about one person, secrets left out. */
const download: Endpoint = {
  path: '/people/:key/export.json',
  method: 'get',
  handler: async (req) => {
    const refused = adminOnlyRefusal(req, 'download a person’s data')
    if (refused) return refused
    const email = await addressOf(req)
    if (!email) return noSuchPerson()
    const person = withoutSecrets(await personExport(req.payload, email)) as object
    return jsonExport(person, `person-${String(req.routeParams?.key).slice(0, 8)}-${fileDate()}.json`)
  },
}

/** POST /cms-api/people/<key>/erase: deletes everything about one person; answers what was erased. */
const erase: Endpoint = {
  path: '/people/:key/erase',
  method: 'post',
  handler: async (req) => {
    const refused = adminOnlyRefusal(req, 'erase a person')
    if (refused) return refused
    const email = await addressOf(req)
    if (!email) return noSuchPerson()
    try {
      const erased = await inTransaction(req.payload, (tx) => erasePerson(req.payload, email, tx))
      console.info(`Person erased by user ${req.user!.id}: ${JSON.stringify(erased)}`)
      return Response.json({ erased })
    } catch (error) {
      if (
        error instanceof UpcomingCallFirst ||
        error instanceof UpcomingWorkshopFirst ||
        error instanceof UpcomingSessionFirst
      ) {
        return Response.json({ errors: [{ message: error.message }] }, { status: 409 })
      }
      throw error
    }
  },
}

export const peopleEndpoints: Endpoint[] = [download, erase]
