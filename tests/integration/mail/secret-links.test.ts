import { describe, expect, it } from 'vitest'

// The link list of src/platform/mail/secret-links.ts against the mails the features write (here, as the
// platform's own tests may not import features). No database.

import { DEFAULT_BRAND } from '@/domain/brand'
import { passwordResetMail } from '@/features/accounts/password-reset-mail'
import { bookedMail, cancelledMails, movedMails, reminderMails, type MailCall } from '@/features/booking/mails'
import { managePath } from '@/features/booking/manage-token'
import { subscribeConfirmation } from '@/features/newsletter/mails'
import { withoutSecrets } from '@/features/export/everything'
import {
  contentWithoutLinks,
  hideLinks,
  LINK_HIDDEN,
  sealLinks,
  SECRET_LINKS,
  unsealLinks,
} from '@/platform/mail/secret-links'
import type { MailSettings } from '@/platform/mail/settings'

process.env.PAYLOAD_SECRET = 'unit-test-secret'

const s: MailSettings = {
  from: 'site@example.com',
  coachEmail: 'coach@example.com',
  siteUrl: 'https://coach.example',
  brand: DEFAULT_BRAND,
  texts: {},
}
const call: MailCall = {
  id: 4812,
  createdAt: '2026-11-20T09:15:00.123Z',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  note: null,
  startsAt: '2026-12-02T14:00:00.000Z',
  endsAt: '2026-12-02T14:30:00.000Z',
  sequence: 0,
  visitorTimeZone: 'Europe/Berlin',
}
const manageToken = managePath(call).split('/').pop()!

describe('secret links in mail', () => {
  it('covers each kind of link that acts for its holder, and nothing else', () => {
    expect(SECRET_LINKS.map((l) => l.name)).toEqual([
      'password reset',
      'newsletter confirm',
      'newsletter unsubscribe',
      'one-click unsubscribe',
      'discovery call manage',
      'workshop registration manage',
      'workshop registration confirm',
      'client page',
    ])
    expect(hideLinks('https://coach.example/admin/reset/0a1b2c3d4e5f60718293a4b5c6d7e8f901234567')).toBe(
      `https://coach.example/admin/reset/${LINK_HIDDEN}`,
    )
    expect(hideLinks('Confirm: https://coach.example/newsletter/confirm/Zm9v-YmFy_YmF6.')).toBe(
      `Confirm: https://coach.example/newsletter/confirm/${LINK_HIDDEN}.`,
    )
    expect(hideLinks('https://coach.example/newsletter/unsubscribe/a%2Bb-c_d')).toBe(
      `https://coach.example/newsletter/unsubscribe/${LINK_HIDDEN}`,
    )
    expect(hideLinks('<https://coach.example/api/newsletter/unsubscribe?token=abc-DEF_123>')).toBe(
      `<https://coach.example/api/newsletter/unsubscribe?token=${LINK_HIDDEN}>`,
    )
    expect(hideLinks(`Change it: https://coach.example${managePath(call)}\n`)).toBe(
      `Change it: https://coach.example/scheduling/manage/${LINK_HIDDEN}\n`,
    )
    const signed = `4812-1763630100123.${'a1B2-c3_D4'.repeat(4)}abc`
    expect(hideLinks(`Manage: https://coach.example/workshops/manage/${signed}\n`)).toBe(
      `Manage: https://coach.example/workshops/manage/${LINK_HIDDEN}\n`,
    )
    const confirm = `eyJ3IjoxLCJlIjoiYUBiLmMifQ.${'a1B2-c3_D4'.repeat(4)}abc`
    expect(hideLinks(`Confirm: https://coach.example/workshops/confirm/${confirm}\n`)).toBe(
      `Confirm: https://coach.example/workshops/confirm/${LINK_HIDDEN}\n`,
    )
    expect(hideLinks(`Your page: https://coach.example/client/${'Zm9v-YmFy_'.repeat(4)}abc`)).toBe(
      `Your page: https://coach.example/client/${LINK_HIDDEN}`,
    )
    // The public pages beside them stay as they are.
    const open =
      'https://coach.example/scheduling https://coach.example/newsletter/unsubscribed /admin/login https://coach.example/workshops/a-day-of-calm/register https://coach.example/coaching'
    expect(hideLinks(open)).toBe(open)
  })

  it("hides the reset link of Payload's mail in its HTML", () => {
    const token = '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567'
    const { html } = passwordResetMail(token, 'https://coach.example', 'Coaching')
    const hidden = contentWithoutLinks({ text: 'x', html }).html!
    expect(hidden).not.toContain(token)
    expect(hidden).toContain(`<a href="https://coach.example/admin/reset/${LINK_HIDDEN}">`)
  })

  it('hides both newsletter links in the text and the one-click address in the List-Unsubscribe header', () => {
    const mail = subscribeConfirmation('reader@example.com', 'confirm-token_1', 'unsubscribe-token_2', s)
    const hidden = JSON.stringify(contentWithoutLinks(mail))
    expect(hidden).not.toContain('confirm-token_1')
    expect(hidden).not.toContain('unsubscribe-token_2')
    expect(contentWithoutLinks(mail).headers).toEqual({
      'List-Unsubscribe': `<https://coach.example/api/newsletter/unsubscribe?token=${LINK_HIDDEN}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })

  it("hides a call's manage link in every mail about it, the invite's folded lines included", () => {
    const mails = [
      bookedMail(call, 'America/New_York', s),
      ...movedMails(call, 'America/New_York', s),
      ...cancelledMails(call, 'America/New_York', s, 'visitor'),
      ...Object.values(reminderMails(call, 'America/New_York', s)).flat(),
    ]
    const invite = mails[0]!.calendar!.content
    // The invite folds its long lines, so the token is cut in two there: a search for it would miss it.
    expect(invite).not.toContain(manageToken)
    expect(invite.replace(/\r\n[ \t]/g, '')).toContain(manageToken)
    for (const mail of mails) expect(JSON.stringify(contentWithoutLinks(mail))).not.toContain(manageToken.slice(-20))
    const hidden = contentWithoutLinks(mails[0]!).calendar!.content
    const lines = hidden.split('\r\n')
    // Still an iCalendar text: every line at most 75 octets, the links hidden in the unfolded properties.
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true)
    const unfolded = hidden.replace(/\r\n[ \t]/g, '').split('\r\n')
    expect(unfolded).toContain(`URL:https://coach.example/scheduling/manage/${LINK_HIDDEN}`)
    expect(unfolded.find((l) => l.startsWith('DESCRIPTION:'))).toContain(`/scheduling/manage/${LINK_HIDDEN}`)
    expect(unfolded.filter((l) => !/^(URL|DESCRIPTION):/.test(l))).toEqual(
      invite
        .replace(/\r\n[ \t]/g, '')
        .split('\r\n')
        .filter((l) => !/^(URL|DESCRIPTION):/.test(l)),
    )
  })

  it('hides links in a calendar attachment and a text attachment too', () => {
    const ics = bookedMail(call, 'America/New_York', s).calendar!.content
    const hidden = contentWithoutLinks({
      text: 'x',
      attachments: [
        { filename: 'invite.ics', contentType: 'text/calendar', content: ics },
        { filename: 'links.txt', contentType: 'text/plain', content: `https://coach.example${managePath(call)}` },
      ],
    })
    expect(JSON.stringify(hidden)).not.toContain(manageToken.slice(-20))
  })

  it('seals only the parts that had a link, and opens them with the same secret only', () => {
    const mail = { ...subscribeConfirmation('reader@example.com', 'confirm-token_1', 'unsubscribe-token_2', s) }
    const { readable, sealed } = sealLinks(mail)
    expect(sealed).toMatch(/^sealed1\./)
    expect(sealed).not.toContain('token_')
    expect(unsealLinks(sealed!)).toEqual({ text: mail.text, headers: mail.headers })
    expect({ ...readable, ...unsealLinks(sealed!) }).toMatchObject({ text: mail.text, headers: mail.headers })
    // A mail without a secret link keeps nothing sealed.
    expect(sealLinks({ text: 'Thank you, see https://coach.example/scheduling', html: null })).toEqual({
      readable: { text: 'Thank you, see https://coach.example/scheduling', html: null },
      sealed: null,
    })
    process.env.PAYLOAD_SECRET = 'another-secret'
    try {
      expect(unsealLinks(sealed!)).toBeNull()
    } finally {
      process.env.PAYLOAD_SECRET = 'unit-test-secret'
    }
  })

  it('leaves sealed values out of the "Your data" export by their name', () => {
    expect(withoutSecrets({ subject: 'Hi', sealedLinks: 'sealed1.x' })).toEqual({ subject: 'Hi' })
  })
})
