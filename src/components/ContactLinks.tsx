/** The coach's phone number as a link that calls it (the number's digits and a leading +, as tel: wants). */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
}

/** The coach's e-mail address as a link that writes to it. */
export function MailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>
}
