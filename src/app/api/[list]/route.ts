import { getBlogPosts, getBooks, getCoachingServices, getTestimonials, getWorkshops } from '@/features/content/lists'
import type { ListState } from '@/domain/list-state'
import { PUBLIC_CACHE_CONTROL } from '@/platform/server/page-cache'

/**
 * The public read API: GET /api/testimonials, /api/blogs, /api/coaching-services, /api/books and
 * /api/workshops, each answering a JSON array of the published items (no request body, no authentication)
 * with the public field names of src/content/lists.ts. Reads go through the same cached readers as the
 * pages, so an edit in the admin reaches both.
 */
const LISTS: Record<string, () => Promise<ListState<object>>> = {
  testimonials: getTestimonials,
  blogs: async () => {
    const state = await getBlogPosts()
    if (state.status === 'failed') return state
    return { status: 'loaded', items: state.items.map(({ imageAlt: _alt, ...post }) => post) }
  },
  'coaching-services': getCoachingServices,
  books: async () => {
    const state = await getBooks()
    if (state.status === 'failed') return state
    return { status: 'loaded', items: state.items.map(({ coverAlt: _alt, ...book }) => book) }
  },
  // The coach's zone stays on the site's pages; the API's dates are instants (ISO 8601, UTC).
  workshops: async () => {
    const state = await getWorkshops()
    if (state.status === 'failed') return state
    return {
      status: 'loaded',
      items: state.items.map(({ timeZone: _zone, onSite: _onSite, join: _join, ...workshop }) => workshop),
    }
  },
}

const ALLOW = 'GET, HEAD'
const CORS = { 'Access-Control-Allow-Origin': '*' }

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...CORS, ...headers } })

type Context = { params: Promise<{ list: string }> }

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const { list } = await params
  const read = Object.hasOwn(LISTS, list) ? LISTS[list] : undefined
  if (!read) return json({ error: `There is no list called "${list}".` }, 404)
  const state = await read()
  if (state.status === 'failed') {
    return json({ error: 'The list could not be read. Please try again later.' }, 503, {
      'Cache-Control': 'no-store',
      'Retry-After': '5',
    })
  }
  // Short enough that an edit shows within seconds, long enough that a CDN or proxy absorbs bursts.
  return json(state.items, 200, { 'Cache-Control': PUBLIC_CACHE_CONTROL })
}

export async function HEAD(request: Request, context: Context): Promise<Response> {
  const res = await GET(request, context)
  return new Response(null, { status: res.status, headers: res.headers })
}

const methodNotAllowed = async (): Promise<Response> =>
  json({ error: 'Only GET and HEAD are supported.' }, 405, { Allow: ALLOW })

export {
  methodNotAllowed as POST,
  methodNotAllowed as PUT,
  methodNotAllowed as PATCH,
  methodNotAllowed as DELETE,
  methodNotAllowed as OPTIONS,
}
