'use client'

import {
  EmailField,
  Form,
  FormSubmit,
  Link,
  PasswordField,
  TextField,
  useAuth,
  useConfig,
  useTranslation,
} from '@payloadcms/ui'
import { email } from 'payload/shared'

/** Payload's login form (as in @payloadcms/next's LoginForm), with the two-step code beside the password. */
export function LoginWithCodeForm({ redirect }: { redirect: string }) {
  const { config } = useConfig()
  const { setUser } = useAuth()
  const { t } = useTranslation()
  const { admin, routes } = config
  return (
    <Form
      action={`${routes.api}/${admin.user}/login`}
      className="login__form"
      disableSuccessStatus
      method="POST"
      onSuccess={(data) => setUser(data as Parameters<typeof setUser>[0])}
      redirect={redirect}
      waitForAutocomplete
    >
      <div className="login__form__inputWrap">
        <EmailField
          field={{ name: 'email', admin: { autoComplete: 'email' }, label: t('general:email'), required: true }}
          path="email"
          validate={email}
        />
        <PasswordField field={{ name: 'password', label: t('general:password'), required: true }} path="password" />
        <TextField
          field={{
            name: 'totp',
            label: 'Code from your authenticator app',
            admin: {
              autoComplete: 'one-time-code',
              description: 'Only if you turned on two-step login.',
              placeholder: '123 456',
            },
          }}
          path="totp"
        />
      </div>
      <Link href={`${routes.admin}/forgot`} prefetch={false}>
        {t('authentication:forgotPasswordQuestion')}
      </Link>
      <FormSubmit size="large">{t('authentication:login')}</FormSubmit>
    </Form>
  )
}
