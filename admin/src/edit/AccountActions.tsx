/**
 * The account tools on the edit view of an auth collection's document (a user), for an editor who may update it:
 * unlock an account locked by failed logins (`POST <api>/<slug>/unlock`, Payload's "Force unlock"), send its
 * owner a password reset email (`forgot-password`), and with `auth.useAPIKey` generate a new API key. Each is a
 * write of its own, not part of the form's save.
 */
import { useId, useState } from 'react'
import { auth, collection, messageOf } from '../api.ts'
import { t } from '../i18n.ts'
import { sessionEnded } from '../session.tsx'
import { useForm } from './context.tsx'
import { can } from './state.ts'
import { apiId, type Loaded, type Target } from './useDocument.ts'
import { SAVED_EVENT } from './useLock.ts'

/** A random API key: 48 hex digits (the server takes 32 to 256 visible characters). */
export function newApiKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
}

type Report = { ok: boolean; text: string }

export function AccountActions(props: { target: Target; loaded: Loaded }) {
  const { target, loaded } = props
  const form = useForm()
  const headingId = useId()
  const [report, setReport] = useState<Report>()
  const [busy, setBusy] = useState(false)
  const [apiKey, setApiKey] = useState<string>()
  const entity = loaded.entity
  if (target.kind !== 'collection' || !target.id || !entity.auth) return null
  if (!can(loaded.perm, 'update')) return null
  const email = typeof form.values.email === 'string' ? form.values.email : undefined
  const run = (action: () => Promise<string>) => async () => {
    setBusy(true)
    setReport(undefined)
    try {
      setReport({ ok: true, text: await action() })
    } catch (e) {
      if (!sessionEnded(e)) setReport({ ok: false, text: messageOf(e) })
    } finally {
      setBusy(false)
    }
  }
  const unlock = run(async () => {
    await auth(target.slug).unlock(email)
    return t('cms:accountUnlocked', { email })
  })
  const sendReset = run(async () => {
    await auth(target.slug).forgotPassword(email)
    return t('cms:passwordResetSent', { email })
  })
  const generate = run(async () => {
    const key = newApiKey()
    await collection(target.slug).update(
      apiId(target.id!),
      { enableAPIKey: true, apiKey: key },
      { depth: 0 },
    )
    // The write released the document's lock (as every write does): the form takes it again.
    window.dispatchEvent(new Event(SAVED_EVENT))
    setApiKey(key)
    return t('cms:apiKeyActive')
  })
  const keyOn = form.values.enableAPIKey === true
  return (
    <section className="panel account-actions" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('authentication:account')}</h2>
      {email && (
        <>
          <p className="muted">{t('cms:unlockExplained')}</p>
          <p className="account-buttons">
            <button type="button" className="secondary" disabled={busy} onClick={unlock}>
              {t('authentication:forceUnlock')}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={sendReset}>
              {t('cms:sendPasswordReset')}
            </button>
          </p>
        </>
      )}
      {entity.auth.useAPIKey && !form.readOnly && (
        <>
          <h3>{t('authentication:apiKey')}</h3>
          {apiKey && <KeyShown apiKey={apiKey} />}
          {keyOn ? (
            <button type="button" className="secondary" disabled={busy} onClick={generate}>
              {t('authentication:generateNewAPIKey')}
            </button>
          ) : (
            <p className="muted">
              {t('cms:turnOnApiKey', { label: t('authentication:enableAPIKey') })}
            </p>
          )}
        </>
      )}
      {report && (
        <p role={report.ok ? 'status' : 'alert'} className={report.ok ? 'notice' : 'form-error'}>
          {report.text}
        </p>
      )}
    </section>
  )
}

/** A key just generated, to copy (it is write-only on the server: this is the one time it shows). */
export function KeyShown(props: { apiKey: string }) {
  const id = useId()
  return (
    <p className="api-key">
      <label htmlFor={id}>{t('cms:newApiKey')}</label>
      <input id={id} readOnly value={props.apiKey} size={50} />
    </p>
  )
}
