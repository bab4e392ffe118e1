import type { Page } from 'playwright-core'
import { expect } from '@playwright/test'

import { workerSeeded } from './worker-sites'

export const COACH = { email: 'coach@example.com', password: 'a-long-coach-password' }

export type Account = { email: string; password: string }

const json = { 'content-type': 'application/json' }

/** Logs an account in on `site` through Payload's REST API: the session's token and user. */
async function logIn(site: string, account: Account) {
  const login = await fetch(`${site}/cms-api/users/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(account),
  })
  return { status: login.status, ...((await login.json()) as { token: string; user: { email: string; role: string } }) }
}

/** Whether `site` has an account yet (a fresh install has none, and shows the first account's screen). */
async function hasAccounts(site: string): Promise<boolean> {
  return ((await (await fetch(`${site}/cms-api/users/init`)).json()) as { initialized: boolean }).initialized
}

/**
 * Logs the coach in on a site (the seeded one unless told) through Payload's REST API, creating the site's
 * first account first when there is none yet, so each test can run alone or in any order. Answers the
 * login's token and user.
 */
export async function logInAsCoach(
  site: string = workerSeeded().url,
): Promise<{ token: string; user: { email: string; role: string } }> {
  if (!(await hasAccounts(site))) {
    const register = await fetch(`${site}/cms-api/users/first-register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(COACH),
    })
    expect(register.status, 'creating the first account').toBe(200)
  }
  const { status, token, user } = await logIn(site, COACH)
  expect(status, 'logging in').toBe(200)
  return { token, user }
}

let made = 0
/**
 * An account of a test's own on a site, made by the coach (see logInAsCoach), with a new address each time:
 * for a test that changes an account's password or gets it throttled, which must not be the coach's (the
 * other tests log in as the coach).
 */
export async function accountOfItsOwn(site: string, role: 'admin' | 'editor'): Promise<Account & { id: number }> {
  const { token } = await logInAsCoach(site)
  const account = { email: `own.${role}.${Date.now()}.${++made}@example.com`, password: `an own ${role} long password` }
  const created = await fetch(`${site}/cms-api/users`, {
    method: 'POST',
    headers: { ...json, authorization: `JWT ${token}` },
    body: JSON.stringify({ ...account, role }),
  })
  expect(created.status, 'creating an account').toBe(201)
  return { ...account, id: ((await created.json()) as { doc: { id: number } }).doc.id }
}

/**
 * Removes every account of a site, as an admin (the first of `admins` that can log in), so the site shows the
 * first account's screen again as a fresh install does. Nothing to do on a site without accounts.
 */
export async function removeEveryAccount(site: string, admins: Account[]): Promise<void> {
  if (!(await hasAccounts(site))) return
  let token: string | undefined
  for (const admin of admins) {
    const login = await logIn(site, admin)
    if (login.status === 200) {
      token = login.token
      break
    }
  }
  expect(token, `logging in as one of ${admins.map((a) => a.email).join(', ')}`).toBeDefined()
  const removed = await fetch(`${site}/cms-api/users?where[id][exists]=true`, {
    method: 'DELETE',
    headers: { authorization: `JWT ${token}` },
  })
  expect([removed.status, ((await removed.json()) as { errors?: unknown[] }).errors]).toEqual([200, []])
  expect(await hasAccounts(site), 'accounts left').toBe(false)
}

/** Logs the coach into /admin on `site` (the seeded one unless told) in `page`, on Payload's login screen. */
export async function logInToAdminAsCoach(page: Page, site: string = workerSeeded().url): Promise<void> {
  await page.goto(`${site}/admin/login`)
  await page.locator('#field-email').waitFor()
  await page.waitForLoadState('networkidle')
  await page.fill('#field-email', COACH.email)
  await page.fill('#field-password', COACH.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.waitForURL(`${site}/admin`)
}
