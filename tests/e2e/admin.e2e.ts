import { expect, test } from './fixtures'

import { COACH, logInAsCoach } from '../support/coach'

/** The worker's shared sites this file visits (tests/e2e/fixtures.ts). */
let SEEDED: string
let api: string
test.beforeAll(({ seeded }) => {
  SEEDED = seeded.url
  api = `${SEEDED}/cms-api`
})

const json = { 'content-type': 'application/json' }

/**
 * The coach's side through Payload's REST API (what the admin UI itself calls): create the first account,
 * log in, edit a list, and see the public page and API change on the next request.
 */
test.describe('the admin', () => {
  test("answers /admin and keeps Payload's own API off the public paths", async () => {
    expect((await fetch(`${SEEDED}/admin`)).status).toBe(200)
    const res = await fetch(`${api}/testimonials?limit=1`)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { docs: unknown[] }).docs).toHaveLength(1)
  })

  test('lets the first account log in as an admin and edit a testimonial; the change is live on the next request', async () => {
    const { token, user } = await logInAsCoach()
    expect(user).toMatchObject({ email: COACH.email, role: 'admin' })
    const auth = { Authorization: `JWT ${token}`, ...json }

    const list = (await (await fetch(`${api}/testimonials?sort=_order&limit=1`, { headers: auth })).json()) as {
      docs: { id: number | string; quote: string }[]
    }
    const { id, quote: original } = list.docs[0]!
    const quote = `Edited in the admin at ${Date.now()}`
    const patch = await fetch(`${api}/testimonials/${id}`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ quote }),
    })
    try {
      expect(patch.status).toBe(200)

      expect(await (await fetch(`${SEEDED}/`)).text()).toContain(quote)
      const apiList = (await (await fetch(`${SEEDED}/api/testimonials`)).json()) as { quote: string }[]
      expect(apiList.map((t) => t.quote)).toContain(quote)

      // Unpublishing removes it from the public site and API.
      const unpublish = await fetch(`${api}/testimonials/${id}`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({ published: false }),
      })
      expect(unpublish.status).toBe(200)
      expect(await (await fetch(`${SEEDED}/about`)).text()).not.toContain(quote)
      const after = (await (await fetch(`${SEEDED}/api/testimonials`)).json()) as { quote: string }[]
      expect(after.map((t) => t.quote)).not.toContain(quote)
    } finally {
      // Leave the seeded testimonial as the other browser tests expect it, whatever happened above.
      const restore = await fetch(`${api}/testimonials/${id}`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({ quote: original, published: true }),
      })
      expect(restore.status).toBe(200)
    }
  })

  test('keeps messages, subscribers and outgoing mail for logged-in users only; exports confirmed subscribers as CSV', async () => {
    for (const list of ['contact-messages', 'subscribers', 'mail-outbox']) {
      expect((await fetch(`${api}/${list}`)).status, list).toBe(403)
    }
    expect((await fetch(`${api}/subscribers/export.csv`)).status).toBe(401)
    const { token } = await logInAsCoach()
    const auth = { Authorization: `JWT ${token}` }
    for (const list of ['contact-messages', 'subscribers', 'mail-outbox']) {
      expect((await fetch(`${api}/${list}`, { headers: auth })).status, list).toBe(200)
    }
    const csv = await fetch(`${api}/subscribers/export.csv`, { headers: auth })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"/)
    expect((await csv.text()).split('\r\n')[0]).toBe('email,consent_at,source')
    // A visitor writes; the coach finds the message, filters by type, and marks it handled.
    const sent = await fetch(`${SEEDED}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.77' },
      body: JSON.stringify({
        name: 'Admin Check',
        email: 'admin-check@example.com',
        inquiryType: 'media',
        message: 'For the admin test',
      }),
    })
    expect(sent.status).toBe(200)
    const found = (await (
      await fetch(
        `${api}/contact-messages?where[inquiryType][equals]=media&where[email][equals]=admin-check@example.com`,
        { headers: auth },
      )
    ).json()) as { docs: { id: number; handled: boolean; message: string }[] }
    expect(found.docs).toHaveLength(1)
    expect(found.docs[0]!).toMatchObject({ handled: false, message: 'For the admin test' })
    const patch = await fetch(`${api}/contact-messages/${found.docs[0]!.id}`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ handled: true }),
    })
    expect(((await patch.json()) as { doc: { handled: boolean } }).doc.handled).toBe(true)
  })

  test('refuses writes without a login', async () => {
    const res = await fetch(`${api}/testimonials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quote: 'spam', author: 'bot' }),
    })
    expect(res.status).toBe(403)
  })
})
