/*
 * The coach's bank details as a buyer reads them (the packages' checkout, a paid workshop seat): pure, so
 * whatever shows or mails them needs nothing else of the checkout.
 */

type Details = {
  accountHolder?: string | null
  account?: string | null
  bank?: string | null
  referenceHint?: string | null
}

/** The payment details as label and value, the reference last (the page shows them as a list). */
export function paymentRows(details: Details, reference: string): [string, string][] {
  return [
    ...(details.accountHolder ? [['Account holder', details.accountHolder] as [string, string]] : []),
    ...(details.account ? [['IBAN or account number', details.account] as [string, string]] : []),
    ...(details.bank ? [['Bank', details.bank] as [string, string]] : []),
    ['Reference', reference],
  ]
}

/** The payment details as lines of text, for the mail. */
export const paymentLines = (details: Details, reference: string): string[] => [
  ...paymentRows(details, reference).map(([label, value]) => `${label}: ${value}`),
  ...(details.referenceHint ? [details.referenceHint] : []),
]
