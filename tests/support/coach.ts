import { expect } from 'vitest'

import { SEEDED } from './browser'

export const COACH = { email: 'coach@example.com', password: 'a-long-coach-password' }

/**
 * Logs the coach in on the seeded site through Payload's REST API, creating the site's first account first
 * when there is none yet, so each test can run alone or in any order. Answers the login's token and user.
 */
export async function logInAsCoach(): Promise<{ token: string; user: { email: string; role: string } }> {
  const api = `${SEEDED}/cms-api`
  const json = { 'content-type': 'application/json' }
  const init = (await (await fetch(`${api}/users/init`)).json()) as { initialized: boolean }
  if (!init.initialized) {
    const register = await fetch(`${api}/users/first-register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(COACH),
    })
    expect(register.status, 'creating the first account').toBe(200)
  }
  const login = await fetch(`${api}/users/login`, { method: 'POST', headers: json, body: JSON.stringify(COACH) })
  expect(login.status, 'logging in').toBe(200)
  return (await login.json()) as { token: string; user: { email: string; role: string } }
}
