/** The account page: the user's email and name, password change, and API key management where enabled. */
import { useState, type FormEvent } from 'react'
import { collection, fieldErrors, messageOf } from '../api.ts'
import { useSession, type User } from '../session.tsx'

export function Account() {
  const { description, user, setUser } = useSession()
  const slug = description.user ?? ''
  const entity = description.collections.find((c) => c.slug === slug)
  const [status, setStatus] = useState<string>()
  const [error, setError] = useState<string>()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [apiKey, setApiKey] = useState<string>()
  if (!user) return null

  const save = async (data: Record<string, unknown>, done: string) => {
    setStatus(undefined)
    setError(undefined)
    setErrors({})
    try {
      const r = (await collection(slug).update(user.id, data)) as { doc: User }
      await setUser(r.doc)
      setStatus(done)
    } catch (e) {
      setError(messageOf(e))
      setErrors(fieldErrors(e))
    }
  }
  const changePassword = (e: FormEvent) => {
    e.preventDefault()
    const v = Object.fromEntries(new FormData(e.target as HTMLFormElement)) as Record<
      string,
      string
    >
    if (v.password !== v.confirm) return setError('The passwords do not match.')
    void save({ password: v.password }, 'Password changed.')
  }
  const generateKey = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(24))
    const key = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
    setApiKey(key)
    void save(
      { enableAPIKey: true, apiKey: key },
      'A new API key is active. Copy it now: it is not shown again.',
    )
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
          {errors.password && <p className="field-error">{errors.password}</p>}
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
      {entity?.auth?.useAPIKey && (
        <ApiKey slug={slug} user={user} apiKey={apiKey} generate={generateKey} save={save} />
      )}
    </main>
  )
}

function ApiKey(props: {
  slug: string
  user: User
  apiKey?: string
  generate(): void
  save(data: Record<string, unknown>, done: string): Promise<void>
}) {
  const { slug, user, apiKey } = props
  return (
    <section className="panel">
      <h2>API key</h2>
      <p>
        {user.enableAPIKey ? 'An API key is enabled for this account.' : 'No API key is enabled.'}{' '}
        Requests send it as <code>Authorization: {slug} API-Key &lt;key&gt;</code>.
      </p>
      {apiKey && (
        <p>
          <label htmlFor="api-key">New key</label>{' '}
          <input id="api-key" readOnly value={apiKey} size={50} />
        </p>
      )}
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
