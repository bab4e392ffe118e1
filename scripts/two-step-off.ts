/**
 * `npm run two-step-off -- <e-mail>`: turns two-step login off for that admin account, for when the coach
 * has lost the phone with their authenticator app. Run it where the site runs (same DATABASE_URL and
 * DATA_DIR); the account's password stays as it is, and two-step login can be turned on again from the
 * account screen.
 */
import { getPayload } from 'payload'

const email = process.argv[2]
if (!email) {
  console.error('Usage: npm run two-step-off -- <e-mail of the admin account>')
  process.exit(2)
}
const { default: config } = await import('../src/cms/payload.config')
const { turnOffTwoStep } = await import('../src/features/accounts/two-step')
const payload = await getPayload({ config })
const done = await turnOffTwoStep(payload, email)
console.log(
  done
    ? `Two-step login is off for ${email}: log in with the password alone.`
    : `No account ${email} with two-step login on; nothing changed.`,
)
process.exit(done ? 0 : 1)
