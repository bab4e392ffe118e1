import { RESCHEDULE_NOTICE_HOURS, WORKSHOP_CANCELLATION_HOURS } from '@/domain/business'

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
  workshop: "the workshop's title",
  workshopWhen: 'the line "When: …" with the start of the workshop in your time zone',
  workshopWhere: 'the line "Where: …" with the venue or the online link (the link goes only to people who hold a seat)',
  registrationLink: 'the private link to their registration: to cancel it, leave the waitlist or take a seat held',
  cancelUntil: `the last moment they can cancel (${WORKSHOP_CANCELLATION_HOURS} hours before the start)`,
  holdUntil: 'when the seat held for them goes to the next person waiting',
  workshopsLink: 'the address of the workshops page',
  status: 'what they already have: a seat, a seat held for them, or a place on the waitlist',
  toTakeIt: 'what they do to take the seat: "Take the seat", or for a paid one "Pay $40 for the seat"',
  takenOrPaidFor: '"taken", or "paid for" when the seat has a price',
  settlement: 'for a paid seat, how it is settled: the refund, or the credit for a later workshop (else nothing)',
  howToPay: "how to pay for the seat: by card on their registration's page, or the bank transfer details",
} as const
export type Placeholder = keyof typeof PLACEHOLDERS

/**
 * Subjects may name the site and the coach (and a workshop's mails its title, which the coach wrote): nothing a
 * visitor typed goes into a subject line.
 */
export const SUBJECT_PLACEHOLDERS = ['siteName', 'coachName'] as const satisfies readonly Placeholder[]
const WORKSHOP_SUBJECT = [...SUBJECT_PLACEHOLDERS, 'workshop'] as const

type MailTextDefinition = {
  label: string
  /** When the mail goes out, for the admin. */
  sentWhen: string
  /** The placeholders its text may use, and those it must keep. */
  placeholders: readonly Placeholder[]
  required: readonly Placeholder[]
  /** What its subject may use, when more than SUBJECT_PLACEHOLDERS. */
  subjectPlaceholders?: readonly Placeholder[]
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

const WORKSHOP = ['name', 'workshop', 'workshopWhen', 'registrationLink', 'coachName', 'siteName', 'siteUrl'] as const
const SEAT = [...WORKSHOP, 'workshopWhere', 'cancelUntil'] as const

/** A mail about a workshop registration: the greeting, what happened, then the rest, signed by the coach. */
const aboutRegistration = (...paragraphs: Paragraph[]): string => text('Hello {name},', ...paragraphs, '{coachName}')
const WHEN_AND_WHERE = ['{workshopWhen}', '{workshopWhere}']
const CANCEL_UNTIL = `You can cancel until {cancelUntil} (${WORKSHOP_CANCELLATION_HOURS} hours before the start): {registrationLink}`
const cancelled = (label: string, sentWhen: string, what: string) => ({
  label,
  sentWhen,
  placeholders: [...WORKSHOP, 'settlement'] as const,
  required: ['settlement'] as const,
  subjectPlaceholders: WORKSHOP_SUBJECT,
  subject: 'Cancelled: {workshop}',
  body: aboutRegistration(what, '{settlement}'),
})
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
  workshopRegistered: {
    label: 'Workshop: registered',
    sentWhen: 'To a visitor who registers for a workshop, or takes a seat held for them, with the calendar invite.',
    placeholders: SEAT,
    required: ['workshopWhen', 'workshopWhere', 'registrationLink'],
    subjectPlaceholders: WORKSHOP_SUBJECT,
    subject: 'You are registered: {workshop}',
    body: aboutRegistration('Your seat at "{workshop}" is booked.', WHEN_AND_WHERE, [
      'The calendar invite is attached.',
      CANCEL_UNTIL,
    ]),
  },
  workshopWaitlisted: {
    label: 'Workshop: on the waitlist',
    sentWhen: 'To a visitor who registers for a full workshop.',
    placeholders: WORKSHOP,
    required: ['registrationLink'],
    subjectPlaceholders: WORKSHOP_SUBJECT,
    subject: 'You are on the waitlist: {workshop}',
    body: aboutRegistration(
      ['"{workshop}" is full, so you are on its waitlist.', '{workshopWhen}'],
      [
        'If a seat frees up, we will e-mail you and hold it for you for a while: you take it from that mail.',
        'To leave the waitlist: {registrationLink}',
      ],
    ),
  },
  workshopOffer: {
    label: 'Workshop: a seat held for them',
    sentWhen: 'To the first person waiting when a seat frees up. Nobody else can take the seat until the hold ends.',
    placeholders: [...WORKSHOP, 'holdUntil', 'toTakeIt'],
    required: ['registrationLink', 'holdUntil', 'toTakeIt'],
    subjectPlaceholders: WORKSHOP_SUBJECT,
    subject: 'A seat is free for you: {workshop}',
    body: aboutRegistration(
      ['A seat at "{workshop}" has become free and we are holding it for you.', '{workshopWhen}'],
      ['{toTakeIt} before {holdUntil}: {registrationLink}', 'After that it goes to the next person waiting.'],
    ),
  },
  workshopSeatHeld: {
    label: 'Workshop: a paid seat held until paid',
    sentWhen: 'To a visitor who registers for a workshop with a price: the seat is theirs once they pay.',
    placeholders: [...WORKSHOP, 'holdUntil', 'howToPay'],
    required: ['registrationLink', 'holdUntil', 'howToPay'],
    subjectPlaceholders: WORKSHOP_SUBJECT,
    subject: 'Your seat is held until you pay: {workshop}',
    body: aboutRegistration(
      ['We are holding a seat at "{workshop}" for you until {holdUntil}.', '{workshopWhen}'],
      [
        '{howToPay}',
        'Your registration: {registrationLink}',
        'If the payment has not arrived by then, the seat goes to the next person waiting.',
      ],
    ),
  },
  workshopOfferLapsed: {
    label: 'Workshop: the held seat has gone',
    sentWhen: 'To someone who did not take the seat held for them in time.',
    placeholders: [...WORKSHOP, 'workshopsLink', 'takenOrPaidFor'],
    required: [],
    subjectPlaceholders: WORKSHOP_SUBJECT,
    subject: 'The seat we held has gone: {workshop}',
    body: aboutRegistration([
      'The seat we held for you at "{workshop}" was not {takenOrPaidFor} in time, so it has gone to the next person.',
      'You are welcome to register again at {workshopsLink}.',
    ]),
  },
  workshopCancelled: cancelled(
    'Workshop: registration cancelled by the visitor',
    'To a visitor who cancels their registration or leaves the waitlist (with the invite’s cancellation if they held a seat).',
    'Your registration for "{workshop}" is cancelled.',
  ),
  workshopCancelledByCoach: cancelled(
    'Workshop: registration cancelled by you',
    'To the person whose registration you cancel in the admin.',
    '{coachName} has cancelled your registration for "{workshop}". Reply to this mail with any questions.',
  ),
  workshopCancelledWhole: cancelled(
    'Workshop: the workshop cancelled',
    'To everyone registered, offered a seat or waiting when you cancel the whole workshop.',
    '{coachName} has cancelled "{workshop}": it will not take place. We are sorry. Reply to this mail with any questions.',
  ),
  workshopAlready: {
    label: 'Workshop: already registered',
    sentWhen: 'To an address that registers again for a workshop it is already registered or waiting for.',
    placeholders: [...WORKSHOP, 'status'],
    required: ['registrationLink'],
    subjectPlaceholders: WORKSHOP_SUBJECT,
    subject: 'Your registration: {workshop}',
    body: aboutRegistration(['{status}', '{workshopWhen}'], 'Your registration: {registrationLink}'),
  },
  workshopReminderDayBefore: {
    label: 'Workshop: reminder a day before',
    sentWhen: 'To everyone with a seat, 24 hours before the workshop starts.',
    placeholders: SEAT,
    required: ['workshopWhen', 'workshopWhere'],
    subjectPlaceholders: WORKSHOP_SUBJECT,
    subject: 'Tomorrow: {workshop}',
    body: aboutRegistration(
      'A reminder: "{workshop}" starts in 24 hours.',
      WHEN_AND_WHERE,
      'Your registration: {registrationLink}',
    ),
  },
  workshopReminderHourBefore: {
    label: 'Workshop: reminder an hour before',
    sentWhen: 'To everyone with a seat, one hour before the workshop starts.',
    placeholders: SEAT,
    required: ['workshopWhen', 'workshopWhere'],
    subjectPlaceholders: WORKSHOP_SUBJECT,
    subject: 'In one hour: {workshop}',
    body: aboutRegistration(
      'A reminder: "{workshop}" starts in one hour.',
      WHEN_AND_WHERE,
      'Your registration: {registrationLink}',
    ),
  },
  workshopUpdated: {
    label: 'Workshop: new time or place',
    sentWhen: 'To everyone with a seat when you change the time or the place of the workshop, with the updated invite.',
    placeholders: SEAT,
    required: ['workshopWhen', 'workshopWhere'],
    subjectPlaceholders: WORKSHOP_SUBJECT,
    subject: 'Updated: {workshop}',
    body: aboutRegistration('The details of "{workshop}" have changed. Your seat is kept.', WHEN_AND_WHERE, [
      'The updated calendar invite is attached.',
      CANCEL_UNTIL,
    ]),
  },
} as const satisfies Record<string, MailTextDefinition>

export type MailTextName = keyof typeof MAIL_TEXTS
export type MailTextValues<K extends MailTextName> = Record<(typeof MAIL_TEXTS)[K]['placeholders'][number], string>

/** What a mail's subject may use. */
export const subjectPlaceholdersOf = (name: MailTextName): readonly Placeholder[] => {
  const m: MailTextDefinition = MAIL_TEXTS[name]
  return m.subjectPlaceholders ?? SUBJECT_PLACEHOLDERS
}
