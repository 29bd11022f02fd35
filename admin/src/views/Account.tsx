/**
 * The account page: the user's email and roles, password change, API key management where enabled, the admin's
 * language (with more than one; Payload's "Language") and theme (automatic, light or dark; Payload's "Admin theme").
 */
import { useState, type FormEvent } from 'react'
import { collection, fieldErrors, messageOf } from '../api.ts'
import { useSession, type User } from '../session.tsx'
import { KeyShown, newApiKey } from '../edit/AccountActions.tsx'
import { setThemeChoice, themeChoice, type ThemeChoice } from '../theme.ts'
import { chooseLanguage, languages, t } from '../i18n.ts'
import { labelOf } from '../schema.ts'

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
    const saved = await save({ enableAPIKey: true, apiKey: key }, t('cms:newApiKeyActive'))
    if (saved) setApiKey(key)
  }
  return (
    <main id="main" className="view">
      <h1>{t('authentication:account')}</h1>
      <dl className="facts">
        <dt>{t('general:email')}</dt>
        <dd>{String(user.email ?? '')}</dd>
        {Array.isArray(user.roles) && (
          <>
            <dt>{labelOf(entity?.fields.find((f) => f.name === 'roles') ?? { name: 'roles' })}</dt>
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
        mismatch={() => setError(t('fields:passwordsDoNotMatch'))}
        save={(password) => void save({ password }, t('cms:passwordChanged'))}
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
      <LanguageSwitch />
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
      <h2>{t('authentication:changePassword')}</h2>
      <div className="field">
        <label htmlFor="account-password">{t('authentication:newPassword')}</label>
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
        <label htmlFor="account-confirm">{t('authentication:confirmPassword')}</label>
        <input
          id="account-confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
        />
      </div>
      <button type="submit">{t('authentication:changePassword')}</button>
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
  // The header sits in the sentence as code: the sentence around its place.
  const [before, after = ''] = t('cms:apiKeyHeader', { header: '\u0000' }).split('\u0000')
  return (
    <section className="panel">
      <h2>{t('authentication:apiKey')}</h2>
      <p>
        {user.enableAPIKey ? t('cms:apiKeyEnabled') : t('cms:apiKeyNotEnabled')} {before}
        <code>Authorization: {slug} API-Key &lt;key&gt;</code>
        {after}
      </p>
      {apiKey && user.enableAPIKey === true && <KeyShown apiKey={apiKey} />}
      <button type="button" onClick={props.generate}>
        {t('authentication:generateNewAPIKey')}
      </button>{' '}
      {Boolean(user.enableAPIKey) && (
        <button
          type="button"
          className="danger"
          onClick={() => void props.save({ enableAPIKey: false }, t('cms:apiKeyOff'))}
        >
          {t('cms:turnApiKeyOff')}
        </button>
      )}
    </section>
  )
}

/** Payload's theme choices, in the admin's language. */
const themes = (): { value: ThemeChoice; label: string }[] => [
  { value: 'auto', label: t('general:automatic') },
  { value: 'light', label: t('general:light') },
  { value: 'dark', label: t('general:dark') },
]

/**
 * The admin's language, when the config offers more than one (each named in its own language): the choice is kept
 * in this browser and the admin loads again in it (i18n.ts).
 */
function LanguageSwitch() {
  const { language, languages: offered } = languages()
  if (offered.length < 2) return null
  return (
    <div className="panel field language-switch">
      <label htmlFor="account-language">{t('general:language')}</label>
      <select
        id="account-language"
        value={language}
        onChange={(e) => chooseLanguage(e.target.value)}
      >
        {offered.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The admin's theme for this browser: the choice is kept in localStorage (theme.ts) and applies at once. */
function ThemeSwitch() {
  const [choice, setChoice] = useState(themeChoice)
  const choose = (next: ThemeChoice) => {
    setThemeChoice(next)
    setChoice(next)
  }
  return (
    <fieldset className="panel theme-switch">
      <legend>{t('general:adminTheme')}</legend>
      {themes().map((theme) => (
        <label key={theme.value}>
          <input
            type="radio"
            name="theme"
            value={theme.value}
            checked={choice === theme.value}
            onChange={() => choose(theme.value)}
          />{' '}
          {theme.label}
        </label>
      ))}
    </fieldset>
  )
}
