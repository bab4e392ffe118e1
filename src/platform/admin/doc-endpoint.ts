import type { CollectionSlug, PayloadHandler, PayloadRequest } from 'payload'

import { crossSiteRefusal } from '@/platform/forms/cross-site'

/*
 * The endpoints behind the buttons of a document's screen in the admin (a call's "Move this call", a
 * session's panel), under /cms-api/<collection>/:id/…: JSON in, `{ message }` on success and
 * `{ errors: [{ message }] }` otherwise, each refusal a sentence the panel shows under its button: 401 for no
 * login (or what `allowed` answers, e.g. 403 for a role that may not), 403 for a post from another site, 404
 * for a document that is not there, 503 when the work failed.
 */

export const answer = (message: string, status = 200) => Response.json({ message }, { status })
export const refuse = (message: string, status: number) => Response.json({ errors: [{ message }] }, { status })

export type DocAction<T> = (req: PayloadRequest, doc: T, body: Record<string, unknown>) => Promise<Response>

/** The checks every button shares, then `action` with the document (read with the user's access) and the JSON. */
export const docEndpoint =
  <T>(
    {
      collection,
      missing,
      failed,
      allowed = (req) => (req.user ? null : refuse('Please log in.', 401)),
    }: {
      collection: CollectionSlug
      /** The sentence for a document that is not there. */
      missing: string
      /** Logged (with the error's message) when the action fails. */
      failed: string
      /** Who may press it: null, or the refusal. */
      allowed?: (req: PayloadRequest) => Response | null
    },
    action: DocAction<T>,
  ): PayloadHandler =>
  async (req) => {
    const notAllowed = allowed(req)
    if (notAllowed) return notAllowed
    const refused = crossSiteRefusal(req as unknown as Request)
    if (refused) return refused
    const id = String(req.routeParams?.id ?? '')
    if (!/^\d{1,12}$/.test(id)) return refuse(missing, 404)
    try {
      const doc = (await req.payload.findByID({
        collection,
        id,
        depth: 0,
        disableErrors: true,
        overrideAccess: false,
        user: req.user,
      })) as T | null
      if (!doc) return refuse(missing, 404)
      const body = (await req.json?.().catch(() => null)) as unknown
      return await action(req, doc, body && typeof body === 'object' ? (body as Record<string, unknown>) : {})
    } catch (error) {
      console.error(failed, error instanceof Error ? error.message : error)
      return refuse('That did not work. Please try again in a moment.', 503)
    }
  }
