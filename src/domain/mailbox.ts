/** Providers known to ignore dots in the local part of an address (one inbox for j.doe and jdoe). */
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com'])

/**
 * The inbox an address reaches, for limits only (what is stored and mailed stays as typed): case folded,
 * a "+tag" dropped (victim+1@ and victim+2@ are victim@'s inbox), Gmail's dots dropped. So nobody can mail
 * one person again and again by varying how the address is written.
 */
export function mailboxIdentity(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return email.trim().toLowerCase()
  let local = email.slice(0, at).trim().toLowerCase()
  let domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
  if (domain === 'googlemail.com') domain = 'gmail.com'
  local = local.split('+')[0] || local
  if (DOTS_IGNORED.has(domain)) local = local.replaceAll('.', '')
  return `${local}@${domain}`
}
