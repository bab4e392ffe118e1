import { RESCHEDULE_NOTICE_HOURS, WORKSHOP_CANCELLATION_HOURS } from '@/domain/business'
import { CODE_MINUTES } from '@/domain/packages'

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
  confirmUntil:
    'how long the link works: "within 48 hours", or "before …, when registration closes," when it closes sooner',
  workshopsLink: 'the address of the workshops page',
  status: 'what they already have: a seat, a seat held for them, or a place on the waitlist',
  toTakeIt: 'what they do to take the seat: "Take the seat", or for a paid one "Pay $40 for the seat"',
  takenOrPaidFor: '"taken", or "paid for" when the seat has a price',
  settlement: 'for a paid seat, how it is settled: the refund, or the credit for a later workshop (else nothing)',
  howToPay: "how to pay for the seat: by card on their registration's page, or the bank transfer details",
  package: "the package's title",
  code: 'the six-digit code they type to go on',
  email: 'the e-mail address they bought with',
  agreement: "the agreement's title",
  agreedAt: 'when they accepted the agreement (in UTC)',
  agreementVersion: 'the line "Version …, SHA-256 …" that names the exact text they accepted',
  agreementText: 'the text of the agreement, word for word',
  amount: 'the sum in question, e.g. $150.00: the price, the monthly payment received, or the part refunded',
  reference: "the purchase's reference, the one a bank transfer must carry",
  paymentDetails: 'your bank details (Settings → Payment details) and the reference, one per line',
  clientLink: "the private link to the client's page, where they book, move and cancel sessions",
  sessionsReady: '"Your session is ready to book", or "Your 5 sessions are ready to book"',
  plan: 'the monthly plan, e.g. "3 monthly payments of $400" (the first takes the odd cents)',
  firstAmount: 'the first monthly payment, e.g. $400.00',
  schedule: 'the plan\'s payments one per line, e.g. "Payment 2 of 3: $400.00, 1 month after the first"',
  payment: 'which monthly payment arrived, e.g. "2 of 3"',
  paymentsLeft:
    'what is left to pay: the next payment, its amount and day (by bank transfer, on the same schedule), or "This was your last payment: …"',
  session: 'the lines "When: …" (in your time zone), "Where: …" (when it has a place) and "Package: …"',
  noticeHours: 'the hours of notice to move or cancel a session (your session rules)',
  credit: 'what becomes of its credit: back with them, or used when cancelled late',
  coachLine: 'your line to the client, after "… writes:", when you wrote one in the admin (else nothing)',
  refundHow: 'how the money goes back: to their card, or by bank transfer',
  sessionsTaken: 'how many sessions were taken off the package and how many are left (else nothing)',
} as const
export type Placeholder = keyof typeof PLACEHOLDERS

/**
 * Subjects may name the site and the coach (and a workshop's mails its title, which the coach wrote): nothing a
 * visitor typed goes into a subject line.
 */
export const SUBJECT_PLACEHOLDERS = ['siteName', 'coachName'] as const satisfies readonly Placeholder[]
const WORKSHOP_SUBJECT = [...SUBJECT_PLACEHOLDERS, 'workshop'] as const
const PACKAGE_SUBJECT = [...SUBJECT_PLACEHOLDERS, 'package'] as const

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

/** A mail about a client's coaching session (decision 065): the greeting, what happened, the session, the rest. */
const SESSION = ['name', 'session', 'package', 'clientLink', 'noticeHours', ...SITE] as const
const aboutSession = (what: string, ...after: Paragraph[]): string =>
  text('Hello {name},', what, '{session}', ...after, SIGN_OFF)
const MOVE_OR_CANCEL = 'To move or cancel it (until {noticeHours} hours before it starts): {clientLink}'
const CREDIT_AND_PAGE = ['{credit}', 'Your page: {clientLink}']
const sessionMail = <More extends Placeholder = never>(
  label: string,
  sentWhen: string,
  subject: string,
  body: string,
  more: readonly More[] = [],
) => ({
  label,
  sentWhen,
  placeholders: [...SESSION, ...more] as readonly ((typeof SESSION)[number] | NoInfer<More>)[],
  required: ['session', 'clientLink'] as const,
  subject,
  body,
})
/** A mail about a purchase: its package's title may go into the subject. */
const PURCHASE = ['package', ...SITE] as const
const KEEP_THIS_MAIL = 'Keep this mail: the link is your way in, no password needed.'

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
  workshopConfirm: {
    label: 'Workshop: please confirm',
    sentWhen:
      'To an address just entered in a workshop registration form: nothing is registered until its owner opens the link. It holds nothing the visitor typed, not even their name.',
    placeholders: ['workshop', 'workshopWhen', 'link', 'confirmUntil', ...SITE],
    required: ['link', 'confirmUntil'],
    subjectPlaceholders: WORKSHOP_SUBJECT,
    subject: 'Please confirm your registration: {workshop}',
    body: text(
      ['Someone, we hope you, asked to register this e-mail address for "{workshop}".', '{workshopWhen}'],
      `To confirm it, open this link {confirmUntil} and press "Confirm my registration":`,
      '{link}',
      'If it was not you, ignore this mail: nothing is registered without the link.',
      '{coachName}',
    ),
  },
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
  packageCode: {
    label: 'Package: the checkout code',
    sentWhen: 'To an address typed at the first step of buying a package: the code that confirms it is theirs.',
    placeholders: [...PURCHASE, 'code'],
    required: ['code'],
    subjectPlaceholders: [...SUBJECT_PLACEHOLDERS, 'code'],
    subject: 'Your code: {code} | {siteName}',
    body: text('Your code to buy the {package}: {code}', [
      `Type it on the page where you asked for it. It is valid for ${CODE_MINUTES} minutes.`,
      'If you did not ask for it, you can ignore this mail: nothing happens without the code.',
    ]),
  },
  packageAgreementCopy: {
    label: 'Package: their copy of the agreement',
    sentWhen: 'To a buyer who accepts the agreement: what they accepted, word for word, and how.',
    placeholders: [...PURCHASE, 'name', 'email', 'agreement', 'agreedAt', 'agreementVersion', 'agreementText'],
    required: ['name', 'agreedAt', 'agreementVersion', 'agreementText'],
    subjectPlaceholders: [...PACKAGE_SUBJECT, 'agreement'],
    subject: 'Your copy of the agreement: {agreement} | {siteName}',
    body: text(
      [
        'You accepted this agreement for the {package} on {agreedAt},',
        'typing the name "{name}", from the e-mail address {email}.',
        '{agreementVersion}',
      ],
      ['----', '{agreementText}', '----'],
    ),
  },
  packagePaymentDetails: {
    label: 'Package: how to pay by bank transfer',
    sentWhen: 'To a buyer at the payment step when Stripe is not set up: the amount and your bank details.',
    placeholders: [...PURCHASE, 'amount', 'reference', 'paymentDetails'],
    required: ['paymentDetails'],
    subjectPlaceholders: PACKAGE_SUBJECT,
    subject: 'How to pay for the {package} | {siteName}',
    body: text(
      'Thank you. Please pay {amount} for the {package} by bank transfer:',
      '{paymentDetails}',
      'Your sessions open as soon as the payment arrives; you then get a mail with the link to your page.',
    ),
  },
  packageInstalmentDetails: {
    label: 'Package in monthly payments: how to pay by bank transfer',
    sentWhen:
      'To a buyer of a package paid in monthly payments, at the payment step when Stripe is not set up: the plan, your bank details and the schedule.',
    placeholders: [...PURCHASE, 'plan', 'firstAmount', 'reference', 'paymentDetails', 'schedule'],
    required: ['paymentDetails'],
    subjectPlaceholders: PACKAGE_SUBJECT,
    subject: 'How to pay for the {package} | {siteName}',
    body: text(
      'Thank you. You pay for the {package} in {plan}, by bank transfer. Please send the first, {firstAmount}, now:',
      '{paymentDetails}',
      '{schedule}',
      'Your sessions open as soon as the first payment arrives; you then get a mail with the link to your page.',
    ),
  },
  packagePaid: {
    label: 'Package: payment received, sessions ready',
    sentWhen: 'To the client when the payment arrives (by card, or when you press "Mark payment received").',
    placeholders: [...PURCHASE, 'amount', 'reference', 'sessionsReady', 'clientLink'],
    required: ['clientLink'],
    subjectPlaceholders: PACKAGE_SUBJECT,
    subject: 'Your sessions are ready: {package} | {siteName}',
    body: text(
      'Your payment of {amount} for the {package} (reference {reference}) has arrived. Thank you!',
      ['{sessionsReady} on your page:', '{clientLink}'],
      KEEP_THIS_MAIL,
    ),
  },
  packageFirstInstalmentPaid: {
    label: 'Package in monthly payments: first payment received, sessions ready',
    sentWhen:
      'To the client when the first monthly payment arrives (by card, or when you mark payment 1 received). Each later payment gets a receipt of its own (the next text).',
    placeholders: [...PURCHASE, 'plan', 'firstAmount', 'reference', 'sessionsReady', 'clientLink'],
    required: ['clientLink'],
    subjectPlaceholders: PACKAGE_SUBJECT,
    subject: 'Your sessions are ready: {package} | {siteName}',
    body: text(
      'Your first payment of {firstAmount} for the {package} (reference {reference}, {plan}) has arrived. Thank you!',
      ['{sessionsReady} on your page:', '{clientLink}'],
      KEEP_THIS_MAIL,
    ),
  },
  packageInstalmentReceived: {
    label: 'Package in monthly payments: a later payment received',
    sentWhen:
      'To the client when each monthly payment after the first arrives (by card, or when you mark payment 2, 3, … received): its receipt and what is left to pay.',
    placeholders: [...PURCHASE, 'payment', 'amount', 'reference', 'paymentsLeft', 'clientLink'],
    required: ['payment', 'amount'],
    subjectPlaceholders: [...PACKAGE_SUBJECT, 'payment'],
    subject: 'Payment {payment} received: {package} | {siteName}',
    body: text(
      'Your payment of {amount} for the {package} (reference {reference}, payment {payment}) has arrived. Thank you!',
      '{paymentsLeft}',
      ['Your page, with your sessions and receipts:', '{clientLink}'],
    ),
  },
  packageClientLink: {
    label: 'Package: the link to their page',
    sentWhen: 'To a client who asks for the link to their page ("Mail me my link").',
    placeholders: ['name', 'clientLink', ...SITE],
    required: ['clientLink'],
    subject: 'The link to your page | {siteName}',
    body: text(
      'Hello {name},',
      ['Here is the link to your page, where you book and move your sessions and find your receipts:', '{clientLink}'],
      [KEEP_THIS_MAIL, 'If you did not ask for it, you can ignore this mail: the link was sent only to you.'],
      SIGN_OFF,
    ),
  },
  packageRefund: {
    label: 'Package: refund receipt',
    sentWhen: 'To the client when you refund a purchase, in whole or in part.',
    placeholders: [...PURCHASE, 'amount', 'reference', 'refundHow', 'sessionsTaken', 'clientLink'],
    required: ['amount'],
    subjectPlaceholders: PACKAGE_SUBJECT,
    subject: 'Your refund: {package} | {siteName}',
    body: text(
      [
        'We have refunded {amount} of your payment for the {package} (reference {reference}).',
        '{refundHow}',
        '{sessionsTaken}',
      ],
      ['Your page, with your sessions and receipts:', '{clientLink}'],
    ),
  },
  sessionBooked: sessionMail(
    'Coaching session booked',
    'To the client when they book a session with a credit, with the calendar invite.',
    'Your coaching session is booked | {siteName}',
    aboutSession('Your coaching session is booked. The invite for your calendar is attached.', MOVE_OR_CANCEL),
  ),
  sessionMoved: sessionMail(
    'Coaching session moved by the client',
    'To the client when they move their session, with the updated invite.',
    'Your coaching session has a new time | {siteName}',
    aboutSession(
      'Your coaching session has a new time. The updated invite for your calendar is attached.',
      MOVE_OR_CANCEL,
    ),
  ),
  sessionMovedByCoach: sessionMail(
    'Coaching session moved by you',
    'To the client when you move their session in the admin, with the updated invite and your line if you wrote one.',
    'Your coaching session has a new time | {siteName}',
    aboutSession(
      '{coachName} has moved your coaching session. The updated invite for your calendar is attached.',
      MOVE_OR_CANCEL,
      '{coachLine}',
    ),
    ['coachLine'],
  ),
  sessionCancelled: sessionMail(
    'Coaching session cancelled by the client',
    'To the client when they cancel their session (the invite’s cancellation attached).',
    'Your coaching session is cancelled | {siteName}',
    aboutSession('Your coaching session is cancelled.', CREDIT_AND_PAGE),
    ['credit'],
  ),
  sessionCancelledByCoach: sessionMail(
    'Coaching session cancelled by you',
    'To the client when you cancel their session in the admin (the invite’s cancellation attached), with your line if you wrote one.',
    'Your coaching session is cancelled | {siteName}',
    aboutSession('{coachName} has cancelled your coaching session.', CREDIT_AND_PAGE, '{coachLine}'),
    ['credit', 'coachLine'],
  ),
  sessionReminderDayBefore: sessionMail(
    'Coaching session: reminder a day before',
    'To the client 24 hours before a session.',
    'Tomorrow: your coaching session | {siteName}',
    aboutSession('A reminder: your coaching session with {coachName} is tomorrow.', 'Your page: {clientLink}'),
  ),
  sessionReminderHourBefore: sessionMail(
    'Coaching session: reminder an hour before',
    'To the client one hour before a session.',
    'In one hour: your coaching session | {siteName}',
    aboutSession('A reminder: your coaching session with {coachName} starts in one hour.', 'Your page: {clientLink}'),
  ),
} as const satisfies Record<string, MailTextDefinition>

export type MailTextName = keyof typeof MAIL_TEXTS
export type MailTextValues<K extends MailTextName> = Record<(typeof MAIL_TEXTS)[K]['placeholders'][number], string>

/** What a mail's subject may use. */
export const subjectPlaceholdersOf = (name: MailTextName): readonly Placeholder[] => {
  const m: MailTextDefinition = MAIL_TEXTS[name]
  return m.subjectPlaceholders ?? SUBJECT_PLACEHOLDERS
}
