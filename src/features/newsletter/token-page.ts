import { getSiteSettings } from '@/features/site/site-settings'

const TOKEN = /^[\w-]{16,128}$/

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The page an e-mail link opens: it only shows a button, and pressing the button (a plain form POST) does
 * the thing, so link scanners that fetch every URL never confirm or unsubscribe anyone. It is a complete
 * HTML document made here rather than a React page: it has to read the token from the URL and still arrive
 * whole, with no JavaScript, which a cached page shell cannot do.
 */
function tokenPage(options: {
  token: string
  title: string
  lead: string
  action: string
  button: string
  siteName: string
}): Response {
  const valid = TOKEN.test(options.token)
  const body = valid
    ? `<p class="lead">${escape(options.lead)}</p>
      <form method="post" action="${escape(options.action)}">
        <input type="hidden" name="token" value="${escape(options.token)}">
        <button type="submit">${escape(options.button)}</button>
      </form>`
    : `<p class="lead">This link is not valid. It may be old or incomplete.</p>`
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(options.title)} | ${escape(options.siteName)}</title>
<link rel="icon" href="/favicon.svg">
<style>
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; color: #1d2a26; line-height: 1.6; }
  header { border-bottom: 1px solid #d5e0dc; padding: 1rem 1.25rem; }
  header a { color: #1d2a26; font-weight: 700; text-decoration: none; }
  main { max-width: 40rem; margin: 0 auto; padding: 3rem 1.25rem; }
  h1 { font-size: 2rem; line-height: 1.2; margin: 0 0 1rem; }
  .lead { font-size: 1.15rem; color: #4a5a55; }
  button { font: inherit; font-weight: 600; color: #fff; background: #2f6f5e; border: 0; border-radius: 999px; padding: 0.85rem 1.6rem; min-height: 44px; cursor: pointer; }
  button:hover { background: #23564a; }
  :focus-visible { outline: 3px solid #b5562f; outline-offset: 2px; }
</style>
</head>
<body>
<header><a href="/">${escape(options.siteName)}</a></header>
<main>
  <h1>${escape(options.title)}</h1>
  ${body}
</main>
</body>
</html>`
  return new Response(html, {
    status: valid ? 200 : 404,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  })
}

type LinkRoute = (request: Request, context: { params: Promise<{ token: string }> }) => Promise<Response>

const linkPage =
  (texts: Omit<Parameters<typeof tokenPage>[0], 'token' | 'siteName'>): LinkRoute =>
  async (_request, { params }) =>
    tokenPage({ token: (await params).token, siteName: (await getSiteSettings()).brand.siteName, ...texts })

/** GET /newsletter/confirm/<token>, the double opt-in link: shows the button that confirms. */
export const confirmLinkPage = linkPage({
  title: 'Confirm your subscription',
  lead: 'One more step: press the button to start receiving the newsletter.',
  action: '/api/newsletter/confirm',
  button: 'Confirm subscription',
})

/** GET /newsletter/unsubscribe/<token>, the link of every newsletter mail: shows the button that unsubscribes. */
export const unsubscribeLinkPage = linkPage({
  title: 'Unsubscribe from the newsletter',
  lead: 'Press the button and you will receive no more newsletters.',
  action: '/api/newsletter/unsubscribe',
  button: 'Unsubscribe',
})
