/** A password reset from the mailed link: Payload's, then the browser is marked as the account's own. */
export { resetPassword as POST } from '@/features/accounts/auth-endpoints'
