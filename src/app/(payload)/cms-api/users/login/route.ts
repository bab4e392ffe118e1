/** The admin's login, throttled before Payload's own handler (src/features/accounts/login-throttle.ts). */
export { login as POST } from '@/features/accounts/auth-endpoints'
