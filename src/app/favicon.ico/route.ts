/** Browsers still ask for /favicon.ico when a page gives them no icon yet: point them at the site's mark. */
export function GET(): Response {
  return new Response(null, {
    status: 308,
    headers: { Location: '/favicon.svg', 'Cache-Control': 'public, max-age=86400' },
  })
}
