import ICAL from 'ical.js'
import type { Email } from 'postal-mime'

/** The text of the calendar invite attached to a mail as the recipient's mail program got it, if it has one. */
export const calendarText = (mail: Email): string | undefined =>
  mail.attachments
    .map((a) => (typeof a.content === 'string' ? a.content : new TextDecoder().decode(a.content)))
    .find((c) => c.includes('BEGIN:VCALENDAR'))

/** An invite parsed with ical.js: METHOD, and its event's UID, SEQUENCE, STATUS, LOCATION and start (ISO). */
export function inviteFields(ics: string) {
  const root = new ICAL.Component(ICAL.parse(ics))
  const event = root.getFirstSubcomponent('vevent')!
  return {
    method: root.getFirstPropertyValue('method'),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    location: event.getFirstPropertyValue('location'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
  }
}
