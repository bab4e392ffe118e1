import type { Email } from 'postal-mime'
import { expect, test } from './fixtures'

import { axeOf, browserVisitors, expectNoSeriousA11yViolations } from '../support/browser'
import { logInAsCoach, logInToAdminAsCoach } from '../support/coach'
import { calendarText, inviteFields } from '../support/invites'
import { mailsWrittenTo } from '../support/mail-files'

/** The worker's shared sites this file visits (tests/e2e/fixtures.ts). */
let SEEDED: string
test.beforeAll(({ seeded }) => {
  SEEDED = seeded.url
})

const newVisitor = browserVisitors('203.0.114')
const run = Date.now().toString(36)

/** The one mail to `address` with this subject, once the outbox worker has written it. */
async function mailTo(address: string, subject: string): Promise<Email> {
  await expect
    .poll(async () => (await mailsWrittenTo(address)).filter((m) => m.subject === subject).length, { timeout: 30_000 })
    .toBe(1)
  return (await mailsWrittenTo(address)).find((m) => m.subject === subject)!
}

/** The answer to a registration posted: the confirmation link is on its way (decision 080). */
const CHECK_MAIL =
  'Almost done: we have sent a link to the e-mail address you gave. Open it within 24 hours to confirm your registration.'

/** The confirmation link in a mail, as a path. */
const confirmLink = (mail: Email) => /\/workshops\/confirm\/[\w-]+\.[\w-]{43}/.exec(mail.text ?? '')![0]

/** The registration's private link in a mail, as a path. */
const manageLink = (mail: Email) => /\/workshops\/manage\/\d+-\d+\.[\w-]{43}/.exec(mail.text ?? '')![0]

/** The mail's invite, parsed (see inviteFields), or null when it has none. */
function invite(mail: Email) {
  const text = calendarText(mail)
  return text ? inviteFields(text) : null
}

test.describe('registering for a workshop on the site', () => {
  let token = ''
  let workshopId = 0
  const title = `Small circle ${run}`
  const slug = `small-circle-${run}`
  const auth = () => ({ 'content-type': 'application/json', Authorization: `JWT ${token}` })

  test.beforeAll(async () => {
    ;({ token } = await logInAsCoach())
    // One seat, in person, no external link: the second visitor waits.
    const res = await fetch(`${SEEDED}/cms-api/workshops`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({
        title,
        date: new Date(Date.now() + 20 * 24 * 60 * 60 * 1000).toISOString(),
        format: 'In person, 2 hours',
        description: 'A small circle.',
        attendance: 'in-person',
        venue: 'Garden Room, 5 Elm Row',
        seats: 1,
        published: true,
      }),
    })
    expect(res.status).toBe(201)
    workshopId = ((await res.json()) as { doc: { id: number } }).doc.id
  })
  test.afterAll(async () => {
    // People registered keep it from being deleted: taken off the site instead.
    if (workshopId) {
      await fetch(`${SEEDED}/cms-api/workshops/${workshopId}`, {
        method: 'PATCH',
        headers: auth(),
        body: JSON.stringify({ published: false }),
      })
    }
  })

  test('with JavaScript: Register Now on /workshops opens the workshop’s page; the mail brings the invite and the link', async () => {
    const page = await newVisitor({ javaScriptEnabled: true })
    await page.goto(`${SEEDED}/workshops`)
    await page.getByRole('link', { name: /^Register Now\W+Design Your Next Chapter$/ }).click()
    await page.waitForURL(`${SEEDED}/workshops/design-your-next-chapter/register`)
    await expectNoSeriousA11yViolations(page, 'registration page')
    expect(await page.locator('h1').innerText()).toBe('Register: Design Your Next Chapter')
    // The online link goes to registered people only.
    expect(await page.content()).not.toContain('example.com/zoom')
    await page.fill('#register-name', 'Ada Lovelace')
    await page.fill('#register-email', `ada.${run}@example.com`)
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await expect.poll(() => page.locator('#register-done').innerText()).toBe(CHECK_MAIL)
    await expectNoSeriousA11yViolations(page, 'registration page after registering')
    const link = await mailTo(`ada.${run}@example.com`, 'Please confirm your registration: Design Your Next Chapter')
    await page.goto(`${SEEDED}${confirmLink(link)}`)
    await expectNoSeriousA11yViolations(page, 'confirmation page')
    await page.getByRole('button', { name: 'Confirm my registration' }).click()
    await expect
      .poll(() => page.locator('.form-notice').innerText())
      .toBe('You are registered. We have sent the details and a calendar invite to your e-mail.')

    const mail = await mailTo(`ada.${run}@example.com`, 'You are registered: Design Your Next Chapter')
    expect(mail.text).toContain('Where: https://example.com/zoom/chapter')
    expect(invite(mail)).toMatchObject({
      method: 'REQUEST',
      sequence: 0,
      status: 'CONFIRMED',
      location: 'https://example.com/zoom/chapter',
    })
    expect(invite(mail)!.uid).toMatch(/^workshop-registration-\d+-\d+@coach-site$/)
    await page.goto(`${SEEDED}${manageLink(mail)}`)
    expect(await page.locator('.call-details').innerText()).toContain('Registered')
    expect(await page.getByRole('button', { name: 'Cancel my registration' }).count()).toBe(1)
    await expectNoSeriousA11yViolations(page, 'manage page')
  })

  test('the read API points to the registration page and never shows the online link', async () => {
    const listed = (await (await fetch(`${SEEDED}/api/workshops`)).json()) as Record<string, string>[]
    const chapter = listed.find((w) => w.title === 'Design Your Next Chapter')!
    expect(chapter.registerLink).toMatch(/\/workshops\/design-your-next-chapter\/register$/)
    expect(JSON.stringify(listed)).not.toContain('zoom/chapter')
    const rest = await (await fetch(`${SEEDED}/cms-api/workshops?limit=50`)).text()
    expect(rest).not.toContain('zoom/chapter')
  })

  test('without JavaScript: full, the waitlist; a cancellation offers the seat by mail, and the waiting person takes it', async () => {
    test.setTimeout(240_000)
    const first = await newVisitor({ javaScriptEnabled: false })
    await first.goto(`${SEEDED}/workshops/${slug}/register`)
    expect(await first.locator('#register-seats').innerText()).toBe('Only 1 seat left.')
    await first.fill('#register-name', 'Grace Hopper')
    await first.fill('#register-email', `grace.${run}@example.com`)
    await first.getByRole('button', { name: 'Register', exact: true }).click()
    await expect.poll(() => first.locator('#register-done').innerText()).toBe(CHECK_MAIL)
    await first.goto(
      `${SEEDED}${confirmLink(await mailTo(`grace.${run}@example.com`, `Please confirm your registration: ${title}`))}`,
    )
    await first.getByRole('button', { name: 'Confirm my registration' }).click()
    await expect
      .poll(() => first.locator('.form-notice').innerText())
      .toBe('You are registered. We have sent the details and a calendar invite to your e-mail.')

    const second = await newVisitor({ javaScriptEnabled: false })
    await second.goto(`${SEEDED}/workshops/${slug}/register`)
    expect(await second.locator('#register-seats').innerText()).toBe(
      'This workshop is full. Join the waitlist: if a seat frees up, we e-mail you and hold it for you.',
    )
    await axeOf(newVisitor, second.url(), 'registration page when full')
    await second.fill('#register-name', 'Alan Turing')
    await second.fill('#register-email', `alan.${run}@example.com`)
    await second.getByRole('button', { name: 'Join the waitlist' }).click()
    await expect.poll(() => second.locator('#register-done').innerText()).toBe(CHECK_MAIL)
    await second.goto(
      `${SEEDED}${confirmLink(await mailTo(`alan.${run}@example.com`, `Please confirm your registration: ${title}`))}`,
    )
    await second.getByRole('button', { name: 'Confirm my registration' }).click()
    await expect
      .poll(() => second.locator('.form-notice').innerText())
      .toBe('You are on the waitlist. If a seat frees up, we will e-mail you and hold it for you.')
    await mailTo(`alan.${run}@example.com`, `You are on the waitlist: ${title}`)
    // The workshops page says how to join it now that it is full.
    await second.goto(`${SEEDED}/workshops`)
    expect(await second.getByRole('link', { name: new RegExp(`^Join the waitlist\\W+${title}$`) }).count()).toBe(1)

    // Grace cancels from her link: the cancellation cancels her invite, and Alan is offered the seat.
    const registered = await mailTo(`grace.${run}@example.com`, `You are registered: ${title}`)
    expect(invite(registered)).toMatchObject({ method: 'REQUEST', location: 'Garden Room, 5 Elm Row' })
    await first.goto(`${SEEDED}${manageLink(registered)}`)
    await first.getByRole('button', { name: 'Cancel my registration' }).click()
    await expect
      .poll(() => first.locator('.form-notice').innerText())
      .toBe('Your registration is cancelled. We have e-mailed you a confirmation.')
    await axeOf(newVisitor, first.url(), 'manage page after cancelling')
    const cancelled = await mailTo(`grace.${run}@example.com`, `Cancelled: ${title}`)
    expect(invite(cancelled)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 1 })
    expect(invite(cancelled)!.uid).toBe(invite(registered)!.uid)

    const offer = await mailTo(`alan.${run}@example.com`, `A seat is free for you: ${title}`)
    await second.goto(`${SEEDED}${manageLink(offer)}`)
    expect(await second.locator('.call-details').innerText()).toContain('Seat offered')
    await axeOf(newVisitor, second.url(), 'manage page with an offer')
    await second.getByRole('button', { name: 'Take the seat' }).click()
    await expect
      .poll(() => second.locator('.form-notice').innerText())
      .toBe('The seat is yours. We have sent the details and a calendar invite to your e-mail.')
    const seat = await mailTo(`alan.${run}@example.com`, `You are registered: ${title}`)
    expect(invite(seat)).toMatchObject({ method: 'REQUEST', location: 'Garden Room, 5 Elm Row', sequence: 1 })
  })

  test('the coach cancels a registration, then the whole workshop, by clicking in the admin; everyone is told', async () => {
    test.setTimeout(240_000)
    // A workshop of its own: one seat, Ida registered, Joe waiting.
    const ownTitle = `Closing circle ${run}`
    const created = await fetch(`${SEEDED}/cms-api/workshops`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({
        title: ownTitle,
        date: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
        format: 'In person, 2 hours',
        description: 'A circle that will not take place.',
        attendance: 'in-person',
        venue: 'Garden Room, 5 Elm Row',
        seats: 1,
        published: true,
      }),
    })
    const { doc } = (await created.json()) as { doc: { id: number; slug: string } }
    for (const [name, button] of [
      ['Ida', 'Register'],
      ['Joe', 'Join the waitlist'],
    ] as const) {
      const visitor = await newVisitor({ javaScriptEnabled: false })
      await visitor.goto(`${SEEDED}/workshops/${doc.slug}/register`)
      await visitor.fill('#register-name', name)
      await visitor.fill('#register-email', `${name.toLowerCase()}.${run}@example.com`)
      await visitor.getByRole('button', { name: button, exact: true }).click()
      await visitor.locator('#register-done').waitFor()
      const address = `${name.toLowerCase()}.${run}@example.com`
      await visitor.goto(
        `${SEEDED}${confirmLink(await mailTo(address, `Please confirm your registration: ${ownTitle}`))}`,
      )
      await visitor.getByRole('button', { name: 'Confirm my registration' }).click()
      await visitor.locator('.form-notice').waitFor()
      await visitor.close()
    }
    const rows = (await (
      await fetch(`${SEEDED}/cms-api/workshop-registrations?where[workshop][equals]=${doc.id}&depth=0&sort=queuedAt`, {
        headers: auth(),
      })
    ).json()) as { docs: { id: number; name: string; status: string }[] }
    expect(rows.docs.map((r) => [r.name, r.status])).toEqual([
      ['Ida', 'registered'],
      ['Joe', 'waitlisted'],
    ])

    const coach = await newVisitor({ javaScriptEnabled: true })
    await logInToAdminAsCoach(coach)

    // Ida's registration, and from it everything about her under People, the workshop among it.
    await coach.goto(`${SEEDED}/admin/collections/workshop-registrations/${rows.docs[0]!.id}`)
    // KNOWN DEFECT (issue 39, left open on 2026-11-29): after the other files of a full run, a click on this link
    // did nothing (no request; Payload's leave-without-saving guard, which prevents every link while the form is
    // modified or invalid, is the suspect). Until that is found and fixed, the test follows the link's address.
    const person = await coach.locator('#person-link').getAttribute('href')
    expect(person).toMatch(/^\/admin\/people\/[0-9a-f]{32}$/)
    await coach.goto(`${SEEDED}${person}`)
    const workshops = coach.locator('section[aria-labelledby="person-workshops"]')
    expect(await workshops.locator('h2').innerText()).toBe('Workshops (1)')
    expect(await workshops.locator('li').innerText()).toMatch(new RegExp(`^${ownTitle} · .+ · Registered$`))
    // A registration still ahead keeps her from being erased until it is cancelled, and the page says so.
    expect(await coach.locator('#erase-blocked').innerText()).toBe(
      'To erase this person, first cancel their registration for a workshop still ahead (they are told by e-mail); then erase them here.',
    )
    await workshops.getByRole('link', { name: ownTitle }).click()
    await coach.waitForURL(`${SEEDED}/admin/collections/workshop-registrations/${rows.docs[0]!.id}`)

    // Cancelled there (its button waits, drawn "Loading…", until the screen works): asked once more; Joe is offered
    // her seat by mail.
    await coach.getByRole('button', { name: 'Cancel this registration' }).click()
    await coach
      .getByText(
        'Cancel this registration? The person is told by e-mail, and their seat goes to the first person waiting.',
      )
      .waitFor()
    await expectNoSeriousA11yViolations(coach, 'cancelling a registration in the admin', '.coach-cancels')
    await coach.getByRole('button', { name: 'Yes, cancel it' }).click()
    expect(await coach.getByRole('status').filter({ hasText: 'Cancelled.' }).innerText()).toBe(
      'Cancelled. Ida has been told by e-mail; a freed seat goes to the first person waiting.',
    )
    const toIda = await mailTo(`ida.${run}@example.com`, `Cancelled: ${ownTitle}`)
    expect(toIda.text).toContain(`has cancelled your registration for "${ownTitle}".`)
    expect(invite(toIda)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED' })
    await mailTo(`joe.${run}@example.com`, `A seat is free for you: ${ownTitle}`)

    // The whole workshop, from its own screen: Joe is told, and it leaves the workshops page.
    await coach.goto(`${SEEDED}/admin/collections/workshops/${doc.id}`)
    await coach.getByRole('button', { name: 'Cancel this workshop' }).click()
    await coach.getByRole('button', { name: 'Yes, cancel the workshop' }).click()
    expect(await coach.getByRole('status').filter({ hasText: 'Cancelled.' }).innerText()).toBe(
      'Cancelled. The one person registered or waiting has been told by e-mail, and the workshop is no longer on the site.',
    )
    await expectNoSeriousA11yViolations(coach, 'a cancelled workshop in the admin', '.coach-cancels')
    const toJoe = await mailTo(`joe.${run}@example.com`, `Cancelled: ${ownTitle}`)
    expect(toJoe.text).toContain(`has cancelled "${ownTitle}": it will not take place.`)
    await expect.poll(async () => (await fetch(`${SEEDED}/workshops`)).text()).not.toContain(ownTitle)
    expect(await (await fetch(`${SEEDED}/workshops/${doc.slug}/register`)).text()).toContain(
      'This workshop is not open for registration',
    )
    // Nobody is left on it: the coach may delete it.
    expect((await fetch(`${SEEDED}/cms-api/workshops/${doc.id}`, { method: 'DELETE', headers: auth() })).status).toBe(
      200,
    )
  })
})
