import { RESCHEDULE_NOTICE_HOURS } from '@/domain/business'

/** Every placeholder a mail text may use, with what it becomes (shown to the coach under each text). */
export const PLACEHOLDERS = {
  name: "the visitor's name",
  time: "the call's time (in the visitor's time zone and yours)",
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
    body: [
      'Hello,',
      '',
      'Thank you for getting in touch. Your message has reached {coachName}, who replies within {replyTime}.',
      '',
      'If you did not send a message, you can ignore this e-mail.',
      '',
      'Warm regards,',
      '{siteName}',
      '{siteUrl}',
    ].join('\n'),
  },
  newsletterConfirmation: {
    label: 'Newsletter: please confirm',
    sentWhen: 'To an address just entered in a Subscribe form. The unsubscribe line is always added at the end.',
    placeholders: ['link', ...SITE],
    required: ['link'],
    subject: 'Please confirm your subscription | {siteName}',
    body: [
      'Hello,',
      '',
      'Someone, hopefully you, asked to receive the newsletter of {siteName} at this address.',
      'To confirm, open this link and press "Confirm subscription":',
      '',
      '{link}',
      '',
      'If it was not you, ignore this e-mail: without confirmation nothing will be sent.',
    ].join('\n'),
  },
  callBooked: {
    label: 'Discovery call booked',
    sentWhen: 'To the visitor when they book a call, with the calendar invite attached.',
    placeholders: [...CALL, 'manageLink'],
    required: ['time', 'manageLink'],
    subject: 'Your discovery call is booked | {siteName}',
    body: [
      'Hello {name},',
      '',
      'Your free discovery call with {coachName} is booked.',
      '',
      '{time}',
      '',
      'The attached invite adds it to your calendar.',
      'To reschedule or cancel: {manageLink}',
      `You can reschedule or cancel until ${RESCHEDULE_NOTICE_HOURS} hours before the call.`,
      '',
      'Warm regards,',
      '{siteName}',
    ].join('\n'),
  },
  callAlreadyBooked: {
    label: 'Discovery call: already booked',
    sentWhen: 'To an address that tries to book a second call while it has one ahead.',
    placeholders: [...CALL, 'manageLink'],
    required: ['time', 'manageLink'],
    subject: 'Your discovery call | {siteName}',
    body: [
      'Hello {name},',
      '',
      'Someone, hopefully you, tried to book a discovery call with this address. You already have one:',
      '',
      '{time}',
      '',
      'To reschedule or cancel: {manageLink}',
      '',
      'If it was not you, you can ignore this e-mail.',
    ].join('\n'),
  },
  callMoved: {
    label: 'Discovery call moved',
    sentWhen: 'To the visitor when the call gets a new time (by them or by you), with the updated invite.',
    placeholders: [...CALL, 'manageLink'],
    required: ['time'],
    subject: 'Your discovery call was moved | {siteName}',
    body: [
      'Hello {name},',
      '',
      'Your discovery call has a new time.',
      '',
      '{time}',
      '',
      'To reschedule or cancel: {manageLink}',
    ].join('\n'),
  },
  callCancelled: {
    label: 'Discovery call cancelled by the visitor',
    sentWhen: 'To the visitor when they cancel their call.',
    placeholders: [...CALL, 'bookingLink'],
    required: ['time'],
    subject: 'Your discovery call was cancelled | {siteName}',
    body: [
      'Hello {name},',
      '',
      'This discovery call was cancelled:',
      '',
      '{time}',
      '',
      'To book another time: {bookingLink}',
    ].join('\n'),
  },
  callCancelledByCoach: {
    label: 'Discovery call cancelled by you',
    sentWhen: 'To the visitor when you cancel their call in the admin.',
    placeholders: [...CALL, 'bookingLink'],
    required: ['time'],
    subject: 'Your discovery call was cancelled | {siteName}',
    body: [
      'Hello {name},',
      '',
      '{coachName} had to cancel this discovery call:',
      '',
      '{time}',
      '',
      'To book another time: {bookingLink}',
    ].join('\n'),
  },
  reminderDayBefore: {
    label: 'Reminder a day before',
    sentWhen: `To the visitor ${RESCHEDULE_NOTICE_HOURS} hours before the call, the last moment to change it.`,
    placeholders: [...CALL, 'manageLink'],
    required: ['time'],
    subject: 'Tomorrow: your discovery call | {siteName}',
    body: [
      'Hello {name},',
      '',
      'A reminder of your free discovery call with {coachName}:',
      '',
      '{time}',
      '',
      `Until the call is ${RESCHEDULE_NOTICE_HOURS} hours away you can still reschedule or cancel:`,
      '{manageLink}',
    ].join('\n'),
  },
  reminderHourBefore: {
    label: 'Reminder an hour before',
    sentWhen: 'To the visitor one hour before the call.',
    placeholders: [...CALL],
    required: ['time'],
    subject: 'In one hour: your discovery call | {siteName}',
    body: ['Hello {name},', '', 'Your discovery call with {coachName} starts in one hour.', '', '{time}'].join('\n'),
  },
} as const satisfies Record<string, MailTextDefinition>

export type MailTextName = keyof typeof MAIL_TEXTS
export type MailTextValues<K extends MailTextName> = Record<(typeof MAIL_TEXTS)[K]['placeholders'][number], string>
