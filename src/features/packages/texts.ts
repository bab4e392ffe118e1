/** What the buyer reads at each step, and the refusals of each step (the checkout page reads `?problem=`). */
export const CHECKOUT_TEXTS = {
  codeSent: 'We sent a code to your e-mail address. It is valid for 30 minutes.',
  invalid: 'Please correct the fields marked below.',
  notOnSale: 'This package is not on sale at the moment.',
} as const

export const CHECKOUT_PROBLEMS = {
  'code-wrong': 'That code is not right. Please check the mail and type the six digits again.',
  'code-expired': 'This code has expired or was mistyped too often. Please start again from the Buy button.',
  name: 'Please type your full name.',
  tick: 'Please tick the box to accept the agreement.',
  'agreement-changed': 'The agreement was updated while you read it. Please read it again below.',
  intake: 'Please answer the questions marked below.',
  'not-on-sale': 'This package is not on sale any more.',
  'stripe-unavailable':
    'The card payment could not be started just now. Nothing was charged. Please try again in a minute.',
} as const
export type CheckoutProblem = keyof typeof CHECKOUT_PROBLEMS

export const CHECKOUT_STEPS = ['Your e-mail', 'Your code', 'Agreement', 'Questions', 'Payment'] as const

/** "Mail me my link" on /client and on the page of a link that is not valid (./client-link.ts). */
export const CLIENT_LINK_TEXTS = {
  heading: 'Lost the link to your page?',
  intro: 'Type the e-mail address you bought your coaching with, and we will mail you the link to your page.',
  label: 'Your e-mail address',
  button: 'Mail me my link',
  /** The one answer to every accepted post, client or not. */
  sent: 'Thank you. If this address has a client page, the link to it is on its way there. Please check your inbox.',
  invalid: 'Please enter a valid email address.',
} as const

/** What the page of a link that opens no client page says, by why (./client-access.ts), above "Mail me my link". */
export const CLIENT_PAGE_CLOSED = {
  unknown: {
    heading: 'This link is not valid',
    lead: 'It may be old or incomplete. The link to your page is in the mail that confirmed your payment.',
  },
  replaced: {
    heading: 'This link has been replaced',
    lead: 'A newer link to your page was mailed to you, and this one no longer opens it. Use the link in your latest mail, or ask for a new one below.',
  },
  expired: {
    heading: 'This link has expired',
    lead: 'Your sessions are all used, so this link to your page has closed. To see your page again (your receipts and past sessions), ask for a new link below.',
  },
} as const
