/** What an action on an admin screen came to, in the words the coach reads under its button. */
export type Outcome = { ok: boolean; text: string }

/** The outcome with what the endpoint answered: its HTTP status (0 when it never answered) and its JSON body. */
export type Answer<Body> = Outcome & { status: number; body: Partial<Body> }

/** The coach's words where the endpoint gives none. */
type Fallbacks = {
  /** The endpoint refused without a message of its own. */
  failed?: string
  /** The site never answered: the action may or may not have been done. */
  unreached?: string
}

/**
 * Posts `body` to one of the admin's own endpoints as the signed-in coach (their session cookie), and reads
 * the answer as the coach's words: the endpoint's `message` (or Payload's first error), else `failed`; a
 * network failure says `unreached`. An action that moves money or erases data names what to check in its own
 * fallbacks. Runs in the browser.
 */
export async function postAction<Body extends object = object>(
  url: string,
  body: object = {},
  {
    failed = 'That did not work. Please try again.',
    unreached = 'The site could not be reached. Please check your connection and try again.',
  }: Fallbacks = {},
): Promise<Answer<Body>> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = (await res.json().catch(() => ({}))) as Partial<Body> & {
      message?: string
      errors?: { message?: string }[]
    }
    return { ok: res.ok, status: res.status, body: json, text: json.message ?? json.errors?.[0]?.message ?? failed }
  } catch {
    return { ok: false, status: 0, body: {}, text: unreached }
  }
}
