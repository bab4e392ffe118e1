/**
 * What visitors read after a form, word for word, in the integration and the browser tests alike (written
 * out here, not taken from the code's constants: a changed text must fail a test).
 */
export const CONTACT_SUCCESS = 'Thank you! Your message has been sent. We reply within 2-3 business days.'
export const SUBSCRIBE_SUCCESS = 'Thanks! Please check your inbox to confirm your subscription.'
/** What every accepted booking answers, and word for word every booking with an address that has a call. */
export const BOOKED =
  'Thank you! Please check your inbox: we have sent the details of your discovery call, with the link to change or cancel it, to the e-mail address you gave.'
