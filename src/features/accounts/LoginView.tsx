import type { AdminViewServerProps } from 'payload'
import { getSafeRedirect } from 'payload/shared'
import { redirect } from 'next/navigation'

import { AdminLogo } from '@/components/AdminBrand'
import { LoginWithCodeForm } from './LoginWithCodeForm'

/**
 * The admin's login screen: Payload's own (brand, e-mail, password, "Forgot password?", Login), with one more
 * field for the two-step code, filled in only by those who turned two-step login on (./two-step.ts).
 */
export async function LoginView({ initPageResult, searchParams }: AdminViewServerProps) {
  const { req } = initPageResult
  const admin = req.payload.config.routes.admin
  const next = getSafeRedirect({ fallbackTo: admin, redirectTo: searchParams?.redirect ?? '' })
  if (req.user) redirect(next)
  return (
    <>
      <div className="login__brand">
        <AdminLogo payload={req.payload} />
      </div>
      <LoginWithCodeForm redirect={next} />
    </>
  )
}
