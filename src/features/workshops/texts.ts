/** A workshop's address on the site (/workshops/<slug>/register), made from its title. */
export const slugOf = (text: string): string => {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '')
  // /workshops/manage/ and /workshops/confirm/ are the attendees' own pages.
  return slug === 'manage' || slug === 'confirm' || slug === '' ? `workshop-${slug || 'event'}` : slug
}

export const registerPath = (slug: string): string => `/workshops/${slug}/register`

/** What the visitor reads (decision 064). */
export const WORKSHOP_TEXTS = {
  /** The one answer to every registration posted, whatever the address holds (decision 080). */
  checkMail:
    'Almost done: we have sent a link to the e-mail address you gave. Open it within 24 hours to confirm your registration.',
  confirmButton: 'Confirm my registration',
  confirmExpired: 'This confirmation link has expired. Please register again: we will send you a new one.',
  registered: 'You are registered. We have sent the details and a calendar invite to your e-mail.',
  held: 'A seat is held for you until you pay for it. We have e-mailed you how to pay and the link to your registration.',
  waitlisted: 'You are on the waitlist. If a seat frees up, we will e-mail you and hold it for you.',
  closed: 'Registration for this workshop has closed.',
  full: 'This workshop is full.',
  invalid: 'Please correct the fields marked below.',
  seatsLeft: (n: number) => (n === 1 ? 'Only 1 seat left.' : `Only ${n} seats left.`),
  register: 'Register',
  joinWaitlist: 'Join the waitlist',
  cancelled: 'Your registration is cancelled. We have e-mailed you a confirmation.',
  tooLate: (hours: number) =>
    `Registrations can be cancelled up to ${hours} hours before the workshop starts, so it can no longer be cancelled here.`,
  confirmed: 'The seat is yours. We have sent the details and a calendar invite to your e-mail.',
  lapsed: 'Sorry, the time to take this seat has passed.',
  notOffered: 'There is no seat held for you at the moment.',
  paymentDue: 'This seat is yours once it is paid for: see how to pay below.',
  refunded: 'Your registration is cancelled and your payment is being refunded. We have e-mailed you a confirmation.',
  credited:
    'Your registration is cancelled and you have a credit for a later workshop. We have e-mailed you a confirmation.',
  choose: 'Please choose a refund or a credit.',
  paid: 'Thank you: your payment has arrived and the seat is yours. We have sent the details and a calendar invite to your e-mail.',
  paymentPending: 'Thank you. Your payment is being confirmed: this page shows it as soon as it has arrived.',
  stripeUnavailable: 'The card payment could not be started just now. Please try again in a moment.',
} as const

/** How many seats left the page names: "Only N seats left." from this many down. */
export const FEW_SEATS = 5
