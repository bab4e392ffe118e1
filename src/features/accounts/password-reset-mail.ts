const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The admin's "Forgot password?" mail (Payload asks for HTML; the outbox adds a plain-text version). */
export function passwordResetMail(token: string, siteUrl: string, siteName: string): { subject: string; html: string } {
  const link = escapeHtml(`${siteUrl}/admin/reset/${encodeURIComponent(token)}`)
  return {
    subject: `Reset your password | ${siteName}`,
    html: [
      '<p>Hello,</p>',
      `<p>Someone, hopefully you, asked to reset the password of your account in the admin of ${escapeHtml(siteName)}. To choose a new password, open this link:</p>`,
      `<p><a href="${link}">${link}</a></p>`,
      '<p>The link works for one hour. If it was not you, ignore this e-mail: your password stays as it is.</p>',
    ].join('\n'),
  }
}
