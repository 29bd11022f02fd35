/** Login, first-user registration, forgot and reset password: the auth operations of the admin's user collection. */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { auth, fieldErrors, messageOf } from '../api.ts'
import { useSession, type User } from '../session.tsx'
import { Link, navigate } from '../router.tsx'
import { t } from '../i18n.ts'

function AuthPage(props: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="auth-page">
      <div className="auth-box">
        <h1>{props.title}</h1>
        {props.children}
      </div>
    </main>
  )
}

/** A form's busy flag, error message and field errors around an async submit. */
function useSubmit() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const run = (fn: () => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(undefined)
    setErrors({})
    try {
      await fn()
    } catch (err) {
      setError(messageOf(err))
      setErrors(fieldErrors(err))
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, errors, run }
}

function Input(props: {
  name: string
  label: string
  type?: string
  autoComplete?: string
  error?: string
  required?: boolean
}) {
  const id = `auth-${props.name}`
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        required={props.required ?? true}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      {props.error && (
        <p id={`${id}-error`} className="field-error">
          {props.error}
        </p>
      )}
    </div>
  )
}

/** A new password and its confirmation (the submit compares them). */
function NewPassword(props: { label: string; error?: string }) {
  return (
    <>
      <Input
        name="password"
        label={props.label}
        type="password"
        autoComplete="new-password"
        error={props.error}
      />
      <Input
        name="confirm"
        label={t('authentication:confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
    </>
  )
}

const formValues = (e: FormEvent) =>
  Object.fromEntries(new FormData(e.target as HTMLFormElement)) as Record<string, string>

export function Login() {
  const { description, setUser, notice } = useSession()
  const slug = description.user ?? ''
  const withUsername = description.collections.find((c) => c.slug === slug)?.auth?.loginWithUsername
  const { busy, error, run } = useSubmit()
  useEffect(() => {
    // A server without users yet asks for the first one.
    void auth(slug)
      .init()
      .then((r: { initialized: boolean }) => {
        if (!r.initialized) navigate('/create-first-user', { replace: true, force: true })
      })
      .catch(() => undefined)
  }, [slug])
  const submit = (e: FormEvent) => {
    const v = formValues(e)
    return run(async () => {
      const r = (await auth(slug).login(
        withUsername
          ? { username: v.account, password: v.password }
          : { email: v.account, password: v.password },
      )) as { user: User }
      // The route gate (App.tsx) takes a logged-in user off this page; navigating here too, after `setUser`'s
      // last answer, would undo a link the user followed meanwhile.
      await setUser(r.user)
    })(e)
  }
  return (
    <AuthPage title={t('authentication:login')}>
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Input
          name="account"
          label={withUsername ? t('authentication:username') : t('general:email')}
          type={withUsername ? 'text' : 'email'}
          autoComplete="username"
        />
        <Input
          name="password"
          label={t('general:password')}
          type="password"
          autoComplete="current-password"
        />
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? t('cms:loggingIn') : t('authentication:login')}
        </button>
      </form>
      <p>
        <Link to="/forgot">{t('authentication:forgotPasswordQuestion')}</Link>
      </p>
    </AuthPage>
  )
}

export function FirstUser() {
  const { description, setUser } = useSession()
  const slug = description.user ?? ''
  const { busy, error, errors, run } = useSubmit()
  const submit = (e: FormEvent) => {
    const v = formValues(e)
    return run(async () => {
      if (v.password !== v.confirm) throw new Error(t('fields:passwordsDoNotMatch'))
      const r = (await auth(slug).registerFirstUser({ email: v.email, password: v.password })) as {
        user: User
      }
      await setUser(r.user)
    })(e)
  }
  return (
    <AuthPage title={t('authentication:createFirstUser')}>
      <p>{t('authentication:beginCreateFirstUser')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Input
          name="email"
          label={t('general:email')}
          type="email"
          autoComplete="email"
          error={errors.email}
        />
        <NewPassword label={t('general:password')} error={errors.password} />
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {t('general:create')}
        </button>
      </form>
    </AuthPage>
  )
}

export function ForgotPassword() {
  const { description } = useSession()
  const [sent, setSent] = useState(false)
  const { busy, error, run } = useSubmit()
  const submit = (e: FormEvent) => {
    const v = formValues(e)
    return run(async () => {
      await auth(description.user ?? '').forgotPassword(v.email)
      setSent(true)
    })(e)
  }
  return (
    <AuthPage title={t('authentication:forgotPassword')}>
      {sent ? (
        <p role="status">{t('authentication:checkYourEmailForPasswordReset')}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <p>{t('authentication:forgotPasswordEmailInstructions')}</p>
          <Input name="email" label={t('general:email')} type="email" autoComplete="email" />
          {error && (
            <p role="alert" className="form-error">
              {error}
            </p>
          )}
          <button type="submit" disabled={busy}>
            {t('general:submit')}
          </button>
        </form>
      )}
      <p>
        <Link to="/login">{t('authentication:backToLogin')}</Link>
      </p>
    </AuthPage>
  )
}

export function ResetPassword(props: { token: string }) {
  const { description, setUser } = useSession()
  const { busy, error, errors, run } = useSubmit()
  const submit = (e: FormEvent) => {
    const v = formValues(e)
    return run(async () => {
      if (v.password !== v.confirm) throw new Error(t('fields:passwordsDoNotMatch'))
      const r = (await auth(description.user ?? '').resetPassword(props.token, v.password)) as {
        user: User
      }
      await setUser(r.user)
    })(e)
  }
  return (
    <AuthPage title={t('authentication:resetPassword')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <NewPassword label={t('authentication:newPassword')} error={errors.password} />
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {t('authentication:resetPassword')}
        </button>
      </form>
    </AuthPage>
  )
}
