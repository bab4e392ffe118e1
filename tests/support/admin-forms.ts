import type { Dialog, Locator, Page, Request, Response } from 'playwright-core'

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
      if (!form || !(path in form)) return false
      // A check of the form before the change (the field empty, its value undefined) is not the one awaited,
      // whatever `matches` makes of it.
      try {
        return matches(form[path]!.value)
      } catch {
        return false
      }
    },
    timeout,
  })
  checked.catch(() => {})
  return checked
}

/**
 * How long a change waits for its check before the screen is opened again and the change made again: a check
 * comes within a second on a quiet machine and in a few on a busy one; the last wait is long, for a machine that
 * is very busy. Together they stay well inside a test's minute.
 */
const CHECK_WAITS_MS = [10_000, 10_000, 30_000]

/** Waits until the admin's form on the page is ready to be typed into. */
const formReady = (page: Page) => page.locator('form[data-form-ready="true"]:visible').first().waitFor()

/**
 * Opens the admin's screen again (its changes not saved are lost: leaving is allowed when the browser asks) and
 * waits until its form is ready.
 */
export async function openAgain(page: Page): Promise<void> {
  const leave = (dialog: Dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : undefined)
  page.on('dialog', leave)
  try {
    await page.reload()
  } finally {
    page.off('dialog', leave)
  }
  await formReady(page)
}

/**
 * Makes a change (`change`) and resolves once the server has checked the form with the field at `path` holding
 * a value `matches` accepts. When no check of it comes, the screen is opened again and the change made again,
 * as a person would whose screen seemed stuck, up to three times in all (CHECK_WAITS_MS). Typing the same value
 * again would not do: the form sees no change in it and sends no check, and a screen whose checks have stopped
 * (Payload's queue of checks waiting on a request that never ends) sends none for any change. So `change` must
 * make every change of the form not yet saved (opening the screen again loses them). A failure names every
 * request the page made meanwhile and its answer.
 */
export async function changeChecked(
  page: Page,
  path: string,
  matches: (value: unknown) => boolean,
  change: () => Promise<void>,
): Promise<void> {
  const seen = requestsSeen(page, path)
  try {
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1) {
        seen.note('the screen opened again')
        await openAgain(page)
      }
      const checked = formChecked(page, path, matches, CHECK_WAITS_MS[attempt - 1])
      seen.note(`change ${attempt}`)
      await change()
      try {
        await checked
        return
      } catch (error) {
        if (attempt < CHECK_WAITS_MS.length) continue
        const shown = await page
          .evaluate(() => {
            const active = document.activeElement as HTMLInputElement | null
            return active ? `${active.tagName}#${active.id} = ${JSON.stringify(active.value)}` : 'nothing'
          })
          .catch((e: unknown) => String(e))
        throw new Error(
          `No check of ${path} with the change came (${String(error)}). Focused: ${shown}. What the page sent and heard:\n${seen.log()}`,
        )
      }
    }
  } finally {
    seen.stop()
  }
}

/**
 * What a page sends and hears while a change waits for its check, for the message of a change that never got one:
 * each request by method and address (a form-state call with the value it saw at `path`), its answer's status or
 * its failure, each at its time since the start.
 */
function requestsSeen(page: Page, path: string) {
  const start = Date.now()
  const lines: string[] = []
  const at = () => `${((Date.now() - start) / 1000).toFixed(1)} s`
  const name = (request: Request) => {
    const form = checkedForm(request)
    const url = new URL(request.url())
    return `${request.method()} ${url.pathname}${form ? ` form-state ${path}=${JSON.stringify(form[path]?.value)}` : ''}`
  }
  const onRequest = (request: Request) => lines.push(`${at()} → ${name(request)}`)
  const onResponse = (response: Response) => lines.push(`${at()} ← ${response.status()} ${name(response.request())}`)
  const onFailed = (request: Request) =>
    lines.push(`${at()} ✗ ${name(request)}: ${request.failure()?.errorText ?? 'failed'}`)
  const onConsole = (message: { type(): string; text(): string }) =>
    lines.push(`${at()} console.${message.type()}: ${message.text().slice(0, 300)}`)
  page.on('request', onRequest)
  page.on('response', onResponse)
  page.on('requestfailed', onFailed)
  page.on('console', onConsole)
  return {
    note: (what: string) => lines.push(`${at()} ${what}`),
    log: () => lines.slice(-80).join('\n'),
    stop: () => {
      page.off('request', onRequest)
      page.off('response', onResponse)
      page.off('requestfailed', onFailed)
      page.off('console', onConsole)
    },
  }
}

/**
 * Follows a link of the admin's (`link`) to an address `url` matches (a string: that address). A click
 * that lands while the admin is still taking over the screen the server drew (hydrating it) can be lost, and
 * nothing happens; a person clicks again, and so does the test, three times in all. (The address changing,
 * not the next screen loading, tells a click that counted: a slow screen is waited for, never clicked again.)
 */
export async function followLink(page: Page, link: Locator, url: RegExp | string): Promise<void> {
  const arrived = () => (typeof url === 'string' ? page.url() === url : url.test(page.url()))
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1 && arrived()) return
    await link.click()
    try {
      await page.waitForURL(url, { timeout: attempt < 3 ? 10_000 : 30_000, waitUntil: 'commit' })
      return
    } catch (error) {
      if (attempt >= 3) throw error
    }
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
