import { RESCHEDULE_NOTICE_HOURS } from '@/domain/business'

/** Every placeholder a mail text may use, with what it becomes (shown to the coach under each text). */
export const PLACEHOLDERS = {
  name: "the visitor's name",
  time: "the call's time (in the visitor's time zone and yours) and, when set, where you meet",
  manageLink: 'the private link to reschedule or cancel the call',
  bookingLink: 'the address of the booking page',
  link: 'the confirmation link',
  replyTime: 'the reply time on the Schedule and contact page',
  coachName: 'your name (Site settings → Brand)',
  siteName: "the site's name (Site settings → Brand)",
  siteUrl: "the site's address",
} as const
export type Placeholder = keyof typeof PLACEHOLDERS

/** Subjects may name the site and the coach only: nothing a visitor typed goes into a subject line. */
export const SUBJECT_PLACEHOLDERS = ['siteName', 'coachName'] as const satisfies readonly Placeholder[]

type MailTextDefinition = {
  label: string
  /** When the mail goes out, for the admin. */
  sentWhen: string
  /** The placeholders its text may use, and those it must keep. */
  placeholders: readonly Placeholder[]
  required: readonly Placeholder[]
  subject: string
  body: string
}

const SITE = ['coachName', 'siteName', 'siteUrl'] as const
const CALL = ['name', 'time', ...SITE] as const

/** A paragraph of a mail: one line, or lines kept together. */
type Paragraph = string | readonly string[]

/** A mail's text: its paragraphs with a blank line between them. */
const text = (...paragraphs: Paragraph[]): string =>
  paragraphs.map((p) => (typeof p === 'string' ? p : p.join('\n'))).join('\n\n')

/** A mail about the visitor's call: the greeting, what happened, the call's time on its own, then the rest. */
const aboutCall = (what: string, ...after: Paragraph[]): string => text('Hello {name},', what, '{time}', ...after)

const SIGN_OFF = ['Warm regards,', '{siteName}']
const MANAGE = 'To reschedule or cancel: {manageLink}'
const BOOK_AGAIN = 'To book another time: {bookingLink}'

/**
 * The mails a visitor receives, in the coach's voice: the texts a fresh install sends (and sends again
 * whenever a stored text is empty or broken). The mails to the coach and the newsletter's unsubscribe
 * line are not here: the first are the coach's own tools, the second the law's.
 */
export const MAIL_TEXTS = {
  contactReceipt: {
    label: 'Receipt for a message',
    sentWhen: 'To a visitor who sent a message through the contact form. It repeats nothing they typed.',
    placeholders: ['replyTime', ...SITE],
    required: [],
    subject: 'We received your message | {siteName}',
    body: text(
      'Hello,',
      'Thank you for getting in touch. Your message has reached {coachName}, who replies within {replyTime}.',
      'If you did not send a message, you can ignore this e-mail.',
      [...SIGN_OFF, '{siteUrl}'],
    ),
  },
  newsletterConfirmation: {
    label: 'Newsletter: please confirm',
    sentWhen: 'To an address just entered in a Subscribe form. The unsubscribe line is always added at the end.',
    placeholders: ['link', ...SITE],
    required: ['link'],
    subject: 'Please confirm your subscription | {siteName}',
    body: text(
      'Hello,',
      [
        'Someone, hopefully you, asked to receive the newsletter of {siteName} at this address.',
        'To confirm, open this link and press "Confirm subscription":',
      ],
      '{link}',
      'If it was not you, ignore this e-mail: without confirmation nothing will be sent.',
    ),
  },
  callBooked: {
    label: 'Discovery call booked',
    sentWhen: 'To the visitor when they book a call, with the calendar invite attached.',
    placeholders: [...CALL, 'manageLink'],
    required: ['time', 'manageLink'],
    subject: 'Your discovery call is booked | {siteName}',
    body: aboutCall(
      'Your free discovery call with {coachName} is booked.',
      [
        'The attached invite adds it to your calendar.',
        MANAGE,
        `You can reschedule or cancel until ${RESCHEDULE_NOTICE_HOURS} hours before the call.`,
      ],
      SIGN_OFF,
    ),
  },
  callAlreadyBooked: {
    label: 'Discovery call: already booked',
    sentWhen: 'To an address that tries to book a second call while it has one ahead.',
    placeholders: [...CALL, 'manageLink'],
    required: ['time', 'manageLink'],
    subject: 'Your discovery call | {siteName}',
    body: aboutCall(
      'Someone, hopefully you, tried to book a discovery call with this address. You already have one:',
      MANAGE,
      'If it was not you, you can ignore this e-mail.',
    ),
  },
  callMoved: {
    label: 'Discovery call moved',
    sentWhen: 'To the visitor when the call gets a new time (by them or by you), with the updated invite.',
    placeholders: [...CALL, 'manageLink'],
    required: ['time'],
    subject: 'Your discovery call was moved | {siteName}',
    body: aboutCall('Your discovery call has a new time.', MANAGE),
  },
  callCancelled: {
    label: 'Discovery call cancelled by the visitor',
    sentWhen: 'To the visitor when they cancel their call.',
    placeholders: [...CALL, 'bookingLink'],
    required: ['time'],
    subject: 'Your discovery call was cancelled | {siteName}',
    body: aboutCall('This discovery call was cancelled:', BOOK_AGAIN),
  },
  callCancelledByCoach: {
    label: 'Discovery call cancelled by you',
    sentWhen: 'To the visitor when you cancel their call in the admin.',
    placeholders: [...CALL, 'bookingLink'],
    required: ['time'],
    subject: 'Your discovery call was cancelled | {siteName}',
    body: aboutCall('{coachName} had to cancel this discovery call:', BOOK_AGAIN),
  },
  reminderDayBefore: {
    label: 'Reminder a day before',
    sentWhen: `To the visitor ${RESCHEDULE_NOTICE_HOURS} hours before the call, the last moment to change it.`,
    placeholders: [...CALL, 'manageLink'],
    required: ['time'],
    subject: 'Tomorrow: your discovery call | {siteName}',
    body: aboutCall('A reminder of your free discovery call with {coachName}:', [
      `Until the call is ${RESCHEDULE_NOTICE_HOURS} hours away you can still reschedule or cancel:`,
      '{manageLink}',
    ]),
  },
  reminderHourBefore: {
    label: 'Reminder an hour before',
    sentWhen: 'To the visitor one hour before the call.',
    placeholders: [...CALL],
    required: ['time'],
    subject: 'In one hour: your discovery call | {siteName}',
    body: aboutCall('Your discovery call with {coachName} starts in one hour.'),
  },
} as const satisfies Record<string, MailTextDefinition>

export type MailTextName = keyof typeof MAIL_TEXTS
export type MailTextValues<K extends MailTextName> = Record<(typeof MAIL_TEXTS)[K]['placeholders'][number], string>
