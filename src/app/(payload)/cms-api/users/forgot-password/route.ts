/** "Forgot password?", throttled before Payload's own handler (src/features/accounts/login-throttle.ts). */
export { forgotPassword as POST } from '@/features/accounts/auth-endpoints'
