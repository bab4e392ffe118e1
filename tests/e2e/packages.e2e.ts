import { TZDate } from '@date-fns/tz'
import type { Email } from 'postal-mime'
import { expect, test } from './fixtures'

import { axeOf, browserVisitors, expectNoSeriousA11yViolations } from '../support/browser'
import { changeChecked } from '../support/admin-forms'
import { logInAsCoach, logInToAdminAsCoach } from '../support/coach'
import { askForTheCode, signAndAnswer } from '../support/checkout'
import { fillTimeFromNow } from '../support/fill-time'
import { calendarText, inviteFields } from '../support/invites'
import { mailsWrittenTo } from '../support/mail-files'

/** The worker's shared sites this file visits (tests/e2e/fixtures.ts). */
let SEEDED: string
test.beforeAll(({ seeded }) => {
  SEEDED = seeded.url
})

const newVisitor = browserVisitors('198.18.27')
const run = `${Date.now()}`

/** Every mail to `address` whose subject starts with `subject`, oldest first. */
const mailsWith = async (address: string, subject: string): Promise<Email[]> =>
  (await mailsWrittenTo(address)).filter((m) => m.subject?.startsWith(subject))

/** The one mail to `address` whose subject starts with `subject`, once it has been written. */
async function mailTo(address: string, subject: string): Promise<Email> {
  await expect.poll(async () => (await mailsWith(address, subject)).length, { timeout: 30_000 }).toBe(1)
  return (await mailsWith(address, subject))[0]!
}

/** The calendar invite of a mail as a calendar reads it. */
const invite = (mail: Email) => inviteFields(calendarText(mail)!)

/** Availability → Where we meet, as the coach saves it (REST, with the coach's token). */
async function setMeeting(token: string, meeting: Record<string, string | null>) {
  const res = await fetch(`${SEEDED}/cms-api/globals/availability`, {
    method: 'POST',
    headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ meeting }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

/**
 * The whole bank-transfer path a new user takes on a fresh install (the seeded site, SQLite), axe on every
 * step (axe needs the page's JavaScript; the checkout's forms are plain POSTs the page's script leaves alone): the coaching page's Buy, the e-mail and the mailed code,
 * the agreement, the intake questions, the payment details; the coach logs into /admin in Chromium and marks
 * the payment received; the client opens the link mailed to them, books the session from their page and sees
 * its credit taken (decision 065), then moves it without JavaScript.
 */
test.describe('buying the Starter Session by bank transfer', () => {
  test.afterAll(async () => {
    // The other files find the seeded site as it was.
    await setMeeting((await logInAsCoach()).token, { kind: 'unset', link: null, address: null })
  })

  test('buy, mark paid in the admin, the client’s page', async () => {
    test.setTimeout(600_000)
    const address = `ada.buyer.${run}@example.com`
    const page = await newVisitor({ javaScriptEnabled: true })

    // The coaching page: "Buy" on the Starter Session only (the seeded package on sale).
    await page.goto(`${SEEDED}/coaching`)
    const buy = page.getByRole('link', { name: 'Buy the Starter Session' })
    expect(await buy.count()).toBe(1)
    expect(await page.getByRole('link', { name: /^Buy the 3-Month Program/ }).count()).toBe(0)
    await expectNoSeriousA11yViolations(page, '/coaching with Buy')
    await buy.click()
    await page.waitForURL(/\/coaching\/buy\/\d+$/)
    expect(await page.locator('h1').innerText()).toBe('Buy the Starter Session')
    expect(await page.locator('.call-details').innerText()).toMatch(/Price\s+\$150[\s\S]*1 session of 60 minutes/)

    // Step 1 → 2: the code.
    await askForTheCode(page, address)
    const codeMail = await mailTo(address, 'Your code: ')
    const code = /Your code to buy the Starter Session: (\d{6})/.exec(codeMail.text ?? '')![1]!
    // A wrong code first: said under the field, nothing else changes.
    await page.fill('#checkout-code-input', code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: 'Confirm my e-mail' }).click()
    await page.locator('#checkout-code-input-error').waitFor()
    expect(await page.locator('#checkout-code-input-error').innerText()).toBe(
      'That code is not right. Please check the mail and type the six digits again.',
    )
    expect(await page.getAttribute('#checkout-code-input', 'aria-describedby')).toBe('checkout-code-input-error')
    await expectNoSeriousA11yViolations(page, 'step 2: a wrong code')
    await page.fill('#checkout-code-input', code)
    await page.getByRole('button', { name: 'Confirm my e-mail' }).click()

    // Steps 3 and 4: the agreement, signed by a typed name and a tick; the intake questions.
    await signAndAnswer(page, () => page.getByLabel('A book').check())

    // Step 5: the coach's payment details and the reference; the purchase awaits payment.
    await page.getByRole('heading', { name: 'Pay $150 by bank transfer' }).waitFor()
    expect(await page.locator('.checkout-step').innerText()).toBe('Step 5 of 5: Payment')
    const details = await page.locator('.payment-details').innerText()
    expect(details).toMatch(/Account holder\s+Your Name/)
    expect(details).toMatch(/IBAN or account number\s+GB00 EXMP 0000 0000 0000 00/)
    const reference = /Reference\s+(PKG-[A-Z0-9]{6})/.exec(details)![1]!
    await expectNoSeriousA11yViolations(page, 'step 5: payment')
    const copy = await mailTo(address, 'Your copy of the agreement: Coaching agreement')
    expect(copy.text).toContain('typing the name "Ada Lovelace"')
    expect((await mailTo(address, 'How to pay for the Starter Session')).text).toContain(`Reference: ${reference}`)

    // The coach: logs into /admin, opens the purchase from Packages → Purchases and marks it paid.
    const { token } = await logInAsCoach()
    const found = (await (
      await fetch(`${SEEDED}/cms-api/purchases?where[reference][equals]=${reference}&depth=0`, {
        headers: { authorization: `JWT ${token}` },
      })
    ).json()) as { docs: { id: number; status: string }[] }
    expect(found.docs.map((d) => d.status)).toEqual(['awaiting-payment'])
    const coach = await newVisitor({ javaScriptEnabled: true })
    await logInToAdminAsCoach(coach)
    await coach.goto(`${SEEDED}/admin/collections/purchases`)
    await coach.getByText(reference).first().waitFor()
    await coach.goto(`${SEEDED}/admin/collections/purchases/${found.docs[0]!.id}`)
    const markPaid = coach.getByRole('button', { name: 'Mark payment received' })
    await markPaid.waitFor()
    await expectNoSeriousA11yViolations(coach, 'the purchase in the admin', '.mark-paid')
    await markPaid.click()
    await coach.getByText('Paid: the credits are open.').waitFor()
    await expectNoSeriousA11yViolations(coach, 'the purchase marked paid', '.mark-paid')

    // The client: the link in the mail, their page with the session ready, the agreement they accepted.
    const ready = await mailTo(address, 'Your sessions are ready: Starter Session')
    const link = /\/client\/[\w-]{43}/.exec(ready.text ?? '')![0]
    const client = await newVisitor({ javaScriptEnabled: true })
    await client.goto(`${SEEDED}${link}`)
    expect(await client.locator('h1').innerText()).toBe('Welcome, Ada Lovelace')
    expect(await client.locator('.credit-counts').innerText()).toMatch(/^Credits bought\s+1\s+Used\s+0\s+Left\s+1\s*$/)
    const receipt = await client.locator('.client-purchase').innerText()
    expect(receipt).toContain(reference)
    expect(receipt).toContain('$150 by bank transfer')
    await client.getByText('Read the agreement you accepted').click()
    await client.getByRole('heading', { name: 'Coaching agreement, version 1' }).waitFor()
    await expectNoSeriousA11yViolations(client, 'the client’s page')

    // The coach meets clients in person (Availability → Where we meet, shared with discovery calls): the page
    // says so above the times, and the session keeps it (decision 069).
    await setMeeting(token, { kind: 'in-person', address: '12 Harbour Street\nLisbon' })
    await client.reload()
    expect(await client.locator('#book-session-meeting').innerText()).toBe(
      'We meet in person, at 12 Harbour Street, Lisbon.',
    )

    // The client books the session from an open time of their page (with JavaScript) and sees one credit used.
    expect(await client.locator('#book-session-heading').innerText()).toBe('Book a session')
    expect(await client.locator('#upcoming-heading + p').innerText()).toBe('No sessions booked yet.')
    const times = client.locator('#book-session input[name="slot"]')
    // The last time offered: the other files' bookings take the first ones.
    const chosen = (await times.last().getAttribute('value'))!
    await times.last().check()
    await client.getByRole('button', { name: 'Book this session' }).click()
    await expect
      .poll(() => client.locator('.form-notice').innerText())
      .toBe('Your session is booked. 1 credit used, 0 left. The invite is on its way to your inbox.')
    expect(await client.locator('.credit-counts').innerText()).toMatch(/^Credits bought\s+1\s+Used\s+1\s+Left\s+0\s*$/)
    expect(await client.locator('.client-session').count()).toBe(1)
    expect(await client.locator('.credit-rule').innerText()).toBe(
      'Booking a session uses one credit. Cancel at least 24 hours before and it is yours again.',
    )
    expect(await client.locator('.session-where').innerText()).toBe('Where: In person at 12 Harbour Street, Lisbon')
    // No credit left: no times to book.
    expect(await client.locator('#book-session').count()).toBe(0)
    await expectNoSeriousA11yViolations(client, 'the client’s page with a session booked')
    const booked = invite(await mailTo(address, 'Your coaching session is booked'))
    expect(booked).toMatchObject({ method: 'REQUEST', sequence: 0, start: chosen })
    expect(booked.uid).toMatch(/^coaching-session-\d+-\d+@coach-site$/)
    expect(booked.location).toBe('12 Harbour Street, Lisbon')

    // Without JavaScript: the same page moves it (a plain POST), and the invite follows with SEQUENCE 1.
    const plain = await newVisitor({ javaScriptEnabled: false })
    await plain.goto(`${SEEDED}${link}`)
    await plain.locator('.move-session summary').click()
    const other = plain.locator(`.move-session input[name="slot"]:not([value="${chosen}"])`).first()
    const movedTo = (await other.getAttribute('value'))!
    await other.check()
    await plain.getByRole('button', { name: /^Move to this time/ }).click()
    await expect
      .poll(() => plain.locator('.form-notice').innerText())
      .toBe('Your session has a new time. The updated invite is on its way to your inbox.')
    expect(await plain.locator('.credit-counts').innerText()).toMatch(/^Credits bought\s+1\s+Used\s+1\s+Left\s+0\s*$/)
    await axeOf(newVisitor, plain.url(), 'the client’s page after a move without JavaScript')
    const moved = invite(await mailTo(address, 'Your coaching session has a new time'))
    expect(moved).toEqual({ ...booked, sequence: 1, start: movedTo })

    // The coach finds it under Booking → Coaching sessions and keeps a private note, never shown to the client.
    await coach.goto(`${SEEDED}/admin/collections/coaching-sessions`)
    await coach.getByRole('link', { name: 'Ada Lovelace' }).first().click()
    await coach.waitForURL(/\/admin\/collections\/coaching-sessions\/\d+$/)
    await expect(coach.locator('#field-packageTitle')).toHaveValue('Starter Session')
    await coach.locator('#field-coachNotes').fill('Start from the career change.')
    await coach.getByRole('button', { name: 'Save', exact: true }).click()
    await coach.getByText('Updated successfully.').first().waitFor()
    await plain.reload()
    expect(await plain.locator('.client-session').innerText()).not.toContain('career change')
    expect(await plain.content()).not.toContain('Start from the career change.')

    // The coach moves the session from its screen, to one of her open times, with a line to the client.
    const sessionUrl = coach.url()
    const panel = coach.locator('#move-session')
    await coach.getByRole('heading', { name: 'Move this session', level: 2 }).waitFor()
    await expectNoSeriousA11yViolations(coach, 'Move this session', '#move-session')
    const timeZone = /Times in (\S+) \(Booking → Availability\)/.exec(await panel.innerText())![1]!
    const select = panel.getByLabel('New time', { exact: true })
    const offered = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    const coachMovedTo = offered.filter((v) => v && v !== movedTo).at(-1)!
    await select.selectOption(coachMovedTo)
    await panel.getByLabel('A line to the client (optional)').fill('Something came up on my side, sorry!')
    await panel.getByRole('button', { name: 'Move the session' }).click()
    await expect
      .poll(() => coach.locator('#move-session-outcome').innerText(), { timeout: 30_000 })
      .toMatch(/^Moved to .+\. Ada Lovelace gets the new time by mail with your line, with an updated invite\.$/)
    await expect.poll(async () => (await mailsWith(address, 'Your coaching session has a new time')).length).toBe(2)
    const coachMoved = (await mailsWith(address, 'Your coaching session has a new time')).find((m) =>
      m.text?.includes('has moved your coaching session'),
    )!
    expect(coachMoved.text).toMatch(/writes:\nSomething came up on my side, sorry!/)
    expect(invite(coachMoved)).toEqual({ ...booked, sequence: 2, start: coachMovedTo })

    // …and cancels it: the credit is back with the client, who gets the cancellation with the coach's line.
    // (The move reloaded the screen: the old copy is inert while it does, and the new one's button waits for
    // its script, so one press counts.)
    await coach.locator('#move-session').getByLabel('A line to the client (optional)').fill('Let us find a new day.')
    await coach.getByRole('button', { name: 'Cancel the session' }).click()
    await expect(coach.locator('#session-outcome')).toHaveText(
      'Cancelled. The credit is back with Ada Lovelace, who gets a note by mail with your line that takes it out of their calendar.',
      { timeout: 30_000 },
    )
    const cancelledByCoach = await mailTo(address, 'Your coaching session is cancelled')
    expect(cancelledByCoach.text).toContain('Its credit is yours again, to book another time.')
    expect(invite(cancelledByCoach)).toMatchObject({ method: 'CANCEL', uid: booked.uid, sequence: 3 })
    await client.reload()
    expect(await client.locator('.credit-counts').innerText()).toMatch(/^Credits bought\s+1\s+Used\s+0\s+Left\s+1\s*$/)

    // The coach's rule: a late cancellation gives its credit back (Packages → Session rules, clicked).
    const rules = async (lateUsesCredit: boolean) => {
      await coach.goto(`${SEEDED}/admin/globals/session-rules`)
      await coach.locator('form[data-form-ready="true"]:visible').first().waitFor()
      expect(await coach.locator('#field-coachingRescheduleNoticeHours').inputValue()).toBe('24')
      const box = coach.getByLabel('A session cancelled later than that uses its credit')
      // A click that lands while the admin redraws the screen is lost: the box is clicked again on the screen
      // opened anew until Payload has checked the form with the new value (changeChecked).
      await changeChecked(
        coach,
        'lateCancellationUsesCredit',
        (v) => v === lateUsesCredit,
        async () => {
          if ((await box.isChecked()) !== lateUsesCredit) await box.click()
        },
      )
      await coach.getByRole('button', { name: 'Save', exact: true }).click()
      await coach.getByText('Updated successfully.').first().waitFor()
    }
    await rules(false)

    /** The client books the last time offered; the coach moves it, knowingly, to the minute `seconds` from now. */
    const bookSoon = async (seconds: number) => {
      await client.reload()
      await client.locator('#book-session input[name="slot"]').last().check()
      await client.getByRole('button', { name: 'Book this session' }).click()
      await expect
        .poll(() => client.locator('.form-notice').innerText())
        .toBe('Your session is booked. 1 credit used, 0 left. The invite is on its way to your inbox.')
      await coach.goto(`${SEEDED}/admin/collections/coaching-sessions?sort=-createdAt`)
      await coach.getByRole('link', { name: 'Ada Lovelace' }).first().click()
      await coach.waitForURL(/\/admin\/collections\/coaching-sessions\/\d+$/)
      const own = coach.locator('#move-session')
      await own.getByLabel('Outside my open hours').check()
      const soon = new TZDate(Math.ceil((Date.now() + seconds * 1000) / 60_000) * 60_000, timeZone)
      const two = (n: number) => String(n).padStart(2, '0')
      await own
        .getByLabel('Date', { exact: true })
        .fill(`${soon.getFullYear()}-${two(soon.getMonth() + 1)}-${two(soon.getDate())}`)
      await own
        .getByLabel(`Time (${timeZone})`, { exact: true })
        .fill(`${two(soon.getHours())}:${two(soon.getMinutes())}`)
      await own.getByRole('button', { name: 'Move the session' }).click()
      await expect
        .poll(() => coach.locator('#move-session-outcome').innerText(), { timeout: 30_000 })
        .toMatch(/^Moved to /)
      return { url: coach.url(), startsAt: soon.getTime() }
    }
    await bookSoon(3600)
    await client.reload()
    expect(await client.locator('.client-session').innerText()).toContain(
      'This session starts in less than 24 hours, so it can no longer be moved.',
    )
    expect(await client.locator('.client-session').innerText()).toContain('Cancelling it gives its credit back.')
    await client.getByRole('button', { name: /^Cancel this session/ }).click()
    await expect
      .poll(() => client.locator('.form-notice').innerText())
      .toBe(
        'Your session is cancelled and its credit is yours again (1 credit left). A note is on its way to your inbox.',
      )
    expect(await client.locator('.credit-counts').innerText()).toMatch(/^Credits bought\s+1\s+Used\s+0\s+Left\s+1\s*$/)
    await rules(true)

    // A session that has started: the coach moves one to the next whole minute at least 20 s away (the time
    // the move takes on a busy machine), and the client's lost link is asked for while it comes.
    const starting = await bookSoon(20)
    expect(starting.url).not.toBe(sessionUrl)

    // Lost the mail? "Mail me my link" on /client: with JavaScript the client asks and a new link comes;
    // without it a stranger asks on the page of a broken link and gets word for word the same answer.
    const sent =
      'Thank you. If this address has a client page, the link to it is on its way there. Please check your inbox.'
    const lost = await newVisitor({ javaScriptEnabled: true })
    await lost.goto(`${SEEDED}/client`)
    const fillTimeOver = fillTimeFromNow()
    expect(await lost.locator('h1').innerText()).toBe('Your client page')
    expect(await lost.locator('#client-link-heading').innerText()).toBe('Lost the link to your page?')
    await expectNoSeriousA11yViolations(lost, '/client')
    const field = lost.getByLabel('Your e-mail address')
    await field.fill('ada.buyer@')
    await lost.getByRole('button', { name: 'Mail me my link' }).click()
    await expect
      .poll(() => lost.locator('#client-link-email-error').innerText())
      .toBe('Please enter a valid email address.')
    await expectNoSeriousA11yViolations(lost, '/client with the address refused')
    await field.fill(address.toUpperCase())
    await fillTimeOver()
    await lost.getByRole('button', { name: 'Mail me my link' }).click()
    await expect.poll(() => lost.locator('.form-notice').innerText()).toBe(sent)
    expect(await lost.locator('.field-error').count()).toBe(0)
    // The link mailed is a new one, which ends the one before (decision 085): the old one's page says so.
    const again = await mailTo(address, 'The link to your page')
    const renewed = /\/client\/[\w-]{43}/.exec(again.text ?? '')![0]
    expect(renewed).not.toBe(link)
    await client.reload()
    expect(await client.locator('h1').innerText()).toBe('This link has been replaced')
    await client.goto(`${SEEDED}${renewed}`)

    const stranger = await newVisitor({ javaScriptEnabled: false })
    await stranger.goto(`${SEEDED}/client/${'x'.repeat(43)}`)
    expect(await stranger.locator('h1').innerText()).toBe('This link is not valid')
    await stranger.getByLabel('Your e-mail address').fill(`nobody.${run}@example.com`)
    await stranger.getByRole('button', { name: 'Mail me my link' }).click()
    // Answered on /client (the form's address without JavaScript, from either page).
    await stranger.waitForURL(`${SEEDED}/client#client-link`)
    await expect.poll(() => stranger.locator('.form-notice').innerText()).toBe(sent)
    await axeOf(newVisitor, stranger.url(), 'the page of a broken link after asking without JavaScript')
    expect(await mailsWrittenTo(`nobody.${run}@example.com`)).toEqual([])

    // …the session has started: the coach marks it missed, and under her rules it uses its credit.
    await expect.poll(() => Date.now() >= starting.startsAt, { timeout: 90_000, intervals: [250] }).toBe(true)
    await coach.goto(starting.url)
    await coach.getByRole('heading', { name: 'How did it go?', level: 2 }).waitFor()
    await expectNoSeriousA11yViolations(coach, 'How did it go?', '#mark-session')
    await coach.getByRole('button', { name: 'Mark missed' }).click()
    await expect
      .poll(() => coach.locator('#session-outcome').innerText(), { timeout: 30_000 })
      .toBe('Marked missed. Under your session rules it uses its credit.')
    await client.reload()
    expect(await client.locator('.credit-counts').innerText()).toMatch(/^Credits bought\s+1\s+Used\s+1\s+Left\s+0\s*$/)
    // Marked by mistake: the coach undoes the mark, the session is booked again (its credit held), and marks it anew.
    expect(await coach.getByRole('heading', { name: 'Marked missed by mistake?', level: 2 }).count()).toBe(1)
    await expectNoSeriousA11yViolations(coach, 'Marked missed by mistake?', '#undo-mark')
    await coach.getByRole('button', { name: 'Undo the mark' }).click()
    await expect
      .poll(() => coach.locator('#session-outcome').innerText(), { timeout: 30_000 })
      .toBe('Mark undone. The session is booked again and holds its credit: mark it held or missed.')
    expect(await coach.getByRole('heading', { name: 'How did it go?', level: 2 }).count()).toBe(1)
    await client.reload()
    expect(await client.locator('.credit-counts').innerText()).toMatch(/^Credits bought\s+1\s+Used\s+1\s+Left\s+0\s*$/)
    await coach.getByRole('button', { name: 'Mark missed' }).click()
    await expect
      .poll(() => coach.locator('#session-outcome').innerText(), { timeout: 30_000 })
      .toBe('Marked missed. Under your session rules it uses its credit.')
  })
})
