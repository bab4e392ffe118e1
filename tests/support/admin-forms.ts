import type { Page, Request, Response } from 'playwright-core'

/*
 * When a press of a Payload admin form's button counts. Payload checks what was typed before it lets a form
 * be sent, and a press before the check is done answers "Please correct invalid fields." even when all is
 * well. Where that check runs depends on the screen:
 * - the edit screens (a document, a global, the account) and the first account's send the whole form to the
 *   server 250 ms after its last change (a "form-state" call to the screen's own address) and take the answer
 *   in: see formChecked;
 * - the login, forgotten-password and reset screens check each field in the browser only, at most 150 ms
 *   after it changed: see browserChecksRan.
 */

/** The screens whose forms Payload checks in the browser only (no "form-state" call). */
export const CHECKED_IN_BROWSER_ONLY = /\/admin\/(login|forgot|reset)(\/|\?|$)/

/** The fields of a form Payload sent to the server to be checked (a "form-state" server function), or null. */
function checkedForm(request: Request): Record<string, { value?: unknown }> | null {
  if (request.method() !== 'POST' || !request.headers()['next-action']) return null
  try {
    const [call] = JSON.parse(request.postData() ?? '') as [
      { name?: string; args?: { formState?: Record<string, { value?: unknown }> } }?,
    ]
    return call?.name === 'form-state' ? (call.args?.formState ?? null) : null
  } catch {
    return null // another server function, with arguments that are not JSON
  }
}

/**
 * Resolves once the server has answered a check of the form that saw the field at `path` (Payload's, e.g.
 * `hero.headline` for #field-hero__headline) holding a value `matches` accepts: the check of the change about
 * to be made (call this before making it). A check that saw the last change saw every change before it. A
 * check nobody waits for any more (a later change's is awaited instead) fails quietly. (The answer's arrival,
 * not its end: the page may stop reading it once it has what it needs, and then no end is reported.)
 */
export function formChecked(
  page: Page,
  path: string,
  matches: (value: unknown) => boolean,
  timeout = 30_000,
): Promise<unknown> {
  const checked = page.waitForEvent('response', {
    predicate: (response) => {
      const form = checkedForm(response.request())
      return !!form && path in form && matches(form[path]!.value)
    },
    timeout,
  })
  checked.catch(() => {})
  return checked
}

/**
 * How long a change waits for its check before it is made again: a check comes within a second on a quiet
 * machine and in a few on a busy one; the last wait is long, for a machine that is very busy. Together they stay
 * well inside a test's minute.
 */
const CHECK_WAITS_MS = [10_000, 10_000, 30_000]

/**
 * Makes a change (`change`) and resolves once the server has checked the form with the field at `path` holding
 * a value `matches` accepts. Payload's screen can drop a change made while it draws its fields again (the answer
 * to an earlier check arriving): the field shows its old value and no check of it ever comes. Then the change is
 * made again, as a person would who saw their typing gone, up to three times in all (CHECK_WAITS_MS). A check
 * that was only slow is still taken when it comes, and making the change again then does no harm.
 */
export async function changeChecked(
  page: Page,
  path: string,
  matches: (value: unknown) => boolean,
  change: () => Promise<void>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const checked = formChecked(page, path, matches, CHECK_WAITS_MS[attempt - 1])
    await change()
    try {
      await checked
      return
    } catch (error) {
      if (attempt >= CHECK_WAITS_MS.length) throw error
    }
  }
}

/**
 * Presses a button of the admin (`press`) until the request it makes goes out, the POST to an address ending
 * with `path`: a press that lands on a copy of the screen the admin is replacing (as it draws a screen just
 * opened again) is lost, and nothing is sent; a person presses again, and so does the test, three times in all.
 * (The request, not its answer, tells a press that counted: a slow answer is waited for, never pressed again.)
 * Answers the server's response.
 */
export async function pressUntilSent(page: Page, path: string, press: () => Promise<void>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(path), {
      timeout: attempt < 3 ? 10_000 : 30_000,
    })
    sent.catch(() => {})
    await press()
    let request: Request
    try {
      request = await sent
    } catch (error) {
      if (attempt >= 3) throw error
      continue
    }
    const response = await request.response()
    if (!response) throw new Error(`No answer to the POST to ${request.url()}`)
    return response
  }
}

/**
 * Resolves once Payload's checks in the browser of the changes made so far have run. They show nothing on the
 * page (a field's fault shows only after a press), so there is nothing to wait for but their timer: Payload
 * sets it at most 150 ms ahead when a field changes (its useField hook), and a timer the page sets now for
 * 150 ms fires after it, since the page runs its timers in the order they are due.
 */
export async function browserChecksRan(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 150)))
}

/**
 * What the "Move this call" panel says under its button once the coach has pressed it (the screen may load
 * again meanwhile: nothing is read until the panel is back), as it reads.
 */
export const moveOutcome = (page: Page): Promise<string> =>
  page
    .locator('#move-call-outcome')
    .innerText()
    .catch(() => '')
