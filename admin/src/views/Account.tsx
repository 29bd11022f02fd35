/**
 * The account page: the user's email and roles, password change, API key management where enabled, and the admin's
 * theme (automatic, light or dark; Payload's "Admin theme").
 */
import { useState, type FormEvent } from 'react'
import { collection, fieldErrors, messageOf } from '../api.ts'
import { useSession, type User } from '../session.tsx'
import { KeyShown, newApiKey } from '../edit/AccountActions.tsx'
import { setThemeChoice, themeChoice, type ThemeChoice } from '../theme.ts'

export function Account() {
  const { description, user, setUser } = useSession()
  const slug = description.user ?? ''
  const entity = description.collections.find((c) => c.slug === slug)
  const [status, setStatus] = useState<string>()
  const [error, setError] = useState<string>()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [apiKey, setApiKey] = useState<string>()
  if (!user) return null

  const save = async (data: Record<string, unknown>, done: string): Promise<boolean> => {
    setStatus(undefined)
    setError(undefined)
    setErrors({})
    try {
      const r = (await collection(slug).update(user.id, data)) as { doc: User }
      // The answer shows a new API key once: the session keeps the account without it.
      const doc: User = { ...r.doc }
      delete doc.apiKey
      await setUser(doc)
      setStatus(done)
      return true
    } catch (e) {
      setError(messageOf(e))
      setErrors(fieldErrors(e))
      return false
    }
  }
  const generateKey = async () => {
    const key = newApiKey()
    setApiKey(undefined)
    const saved = await save(
      { enableAPIKey: true, apiKey: key },
      'A new API key is active. Copy it now: it is not shown again.',
    )
    if (saved) setApiKey(key)
  }
  return (
    <main id="main" className="view">
      <h1>Account</h1>
      <dl className="facts">
        <dt>Email</dt>
        <dd>{String(user.email ?? '')}</dd>
        {Array.isArray(user.roles) && (
          <>
            <dt>Roles</dt>
            <dd>{(user.roles as string[]).join(', ')}</dd>
          </>
        )}
      </dl>
      {status && (
        <p role="status" className="notice">
          {status}
        </p>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <PasswordForm
        error={errors.password}
        mismatch={() => setError('The passwords do not match.')}
        save={(password) => void save({ password }, 'Password changed.')}
      />
      {entity?.auth?.useAPIKey && (
        <ApiKey
          slug={slug}
          user={user}
          apiKey={apiKey}
          generate={() => void generateKey()}
          save={save}
        />
      )}
      <ThemeSwitch />
    </main>
  )
}

function PasswordForm(props: { error?: string; mismatch(): void; save(password: string): void }) {
  const changePassword = (e: FormEvent) => {
    e.preventDefault()
    const v = Object.fromEntries(new FormData(e.target as HTMLFormElement)) as Record<
      string,
      string
    >
    if (v.password !== v.confirm) props.mismatch()
    else props.save(v.password)
  }
  return (
    <form onSubmit={changePassword} className="panel" noValidate>
      <h2>Change password</h2>
      <div className="field">
        <label htmlFor="account-password">New password</label>
        <input
          id="account-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
        />
        {props.error && <p className="field-error">{props.error}</p>}
      </div>
      <div className="field">
        <label htmlFor="account-confirm">Confirm password</label>
        <input
          id="account-confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
        />
      </div>
      <button type="submit">Change password</button>
    </form>
  )
}

function ApiKey(props: {
  slug: string
  user: User
  apiKey?: string
  generate(): void
  save(data: Record<string, unknown>, done: string): Promise<boolean>
}) {
  const { slug, user, apiKey } = props
  return (
    <section className="panel">
      <h2>API key</h2>
      <p>
        {user.enableAPIKey ? 'An API key is enabled for this account.' : 'No API key is enabled.'}{' '}
        Requests send it as <code>Authorization: {slug} API-Key &lt;key&gt;</code>.
      </p>
      {apiKey && user.enableAPIKey === true && <KeyShown apiKey={apiKey} />}
      <button type="button" onClick={props.generate}>
        {user.enableAPIKey ? 'Replace the key' : 'Generate a key'}
      </button>{' '}
      {Boolean(user.enableAPIKey) && (
        <button
          type="button"
          className="danger"
          onClick={() => void props.save({ enableAPIKey: false }, 'The API key is off.')}
        >
          Turn the key off
        </button>
      )}
    </section>
  )
}

const THEMES: { value: ThemeChoice; label: string }[] = [
  { value: 'auto', label: 'Automatic (as the system)' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

/** The admin's theme for this browser: the choice is kept in localStorage (theme.ts) and applies at once. */
function ThemeSwitch() {
  const [choice, setChoice] = useState(themeChoice)
  const choose = (next: ThemeChoice) => {
    setThemeChoice(next)
    setChoice(next)
  }
  return (
    <fieldset className="panel theme-switch">
      <legend>Admin theme</legend>
      {THEMES.map((t) => (
        <label key={t.value}>
          <input
            type="radio"
            name="theme"
            value={t.value}
            checked={choice === t.value}
            onChange={() => choose(t.value)}
          />{' '}
          {t.label}
        </label>
      ))}
    </fieldset>
  )
}
