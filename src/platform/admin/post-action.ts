/** What an action on an admin screen came to, in the words the coach reads under its button. */
export type Outcome = { ok: boolean; text: string }

/**
 * Posts `body` to one of the admin's own endpoints as the signed-in coach (their session cookie), and reads
 * the answer as the coach's words: the endpoint's `message` (or Payload's first error), else a general
 * sentence; a network failure says the site could not be reached. Runs in the browser.
 */
export async function postAction(url: string, body: object = {}): Promise<Outcome> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = (await res.json().catch(() => ({}))) as { message?: string; errors?: { message: string }[] }
    return { ok: res.ok, text: json.message ?? json.errors?.[0]?.message ?? 'That did not work. Please try again.' }
  } catch {
    return { ok: false, text: 'The site could not be reached. Please check your connection and try again.' }
  }
}
