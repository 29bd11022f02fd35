/**
 * One version against another state of the document: the current document (by default) or any other version,
 * chosen in "Compare with" (`?compare=<version id>` in the URL). Field by field (versions/diff.ts), related
 * documents by title. Restore: where drafts are on, as a draft (the published document stays) or published; each
 * confirmed, and the edit view says which was done.
 */
import { useEffect, useState } from 'react'
import { messageOf } from '../api.ts'
import { flash } from '../flash.tsx'
import { t } from '../i18n.ts'
import { Link, navigate } from '../router.tsx'
import type { AdminEntity, AdminField } from '../schema.ts'
import { useSession } from '../session.tsx'
import { formatDate } from '../list/cells.ts'
import {
  editPath,
  findCurrent,
  findVersion,
  findVersions,
  restore,
  type Target,
  type VersionDoc,
} from './api.ts'
import { diffFields } from './diff.ts'
import { DiffTable } from './DiffTable.tsx'
import { useNames } from './names.ts'

/** A version's name in a list or heading: its date, status and whether it was an autosave. */
export function versionName(v: VersionDoc): string {
  const status =
    v.version._status === 'published'
      ? t('version:published')
      : v.version._status
        ? t('version:draft')
        : ''
  return [formatDate(v.updatedAt, true), status, v.autosave ? t('version:autosave') : '']
    .filter(Boolean)
    .join(' · ')
}

interface Loaded {
  version: VersionDoc
  /** The compared state: the current document, or another version's content. */
  other: Record<string, unknown>
  otherName: string
  choices: VersionDoc[]
}

function useComparison(target: Target, version: string, compare: string | undefined) {
  const [loaded, setLoaded] = useState<Loaded>()
  const [error, setError] = useState<string>()
  useEffect(() => {
    let live = true
    const other = compare
      ? findVersion(target, compare).then((v) => ({
          other: v.version,
          otherName: t('cms:versionOf', { name: versionName(v) }),
        }))
      : findCurrent(target).then((doc) => ({ other: doc, otherName: t('cms:currentDocument') }))
    Promise.all([findVersion(target, version), other, findVersions(target, 1, 100)])
      .then(([v, o, list]) => live && setLoaded({ version: v, ...o, choices: list.docs }))
      .catch((e: unknown) => live && setError(messageOf(e)))
    return () => {
      live = false
    }
  }, [target.kind, target.slug, target.id, version, compare])
  return { loaded, error, setError }
}

export function VersionDiff(props: {
  target: Target
  entity: AdminEntity
  version: string
  compare?: string
  base: string
  canRestore: boolean
}) {
  const { target, entity, version, compare, base } = props
  const { description } = useSession()
  const { loaded, error, setError } = useComparison(target, version, compare)
  const [changedOnly, setChangedOnly] = useState(false)
  const fields = entity.fields as unknown as AdminField[]
  const name = useNames(description, fields, [loaded?.version.version, loaded?.other])

  const { busy, onRestore } = useRestore(target, loaded?.version, setError)
  const diffs = loaded ? diffFields(entity, loaded.version.version, loaded.other, name) : []
  const changed = diffs.filter((r) => r.changed).length
  return (
    <>
      <p>
        <Link to={base}>{t('cms:allVersions')}</Link> ·{' '}
        <Link to={editPath(target)}>{t('cms:backToDocument')}</Link>
      </p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {loaded && (
        <>
          <h2>{t('cms:versionOf', { name: versionName(loaded.version) })}</h2>
          <div className="toolbar version-compare">
            <label>
              {t('version:compareVersion')}{' '}
              <select
                value={compare ?? ''}
                onChange={(e) =>
                  navigate(
                    e.target.value
                      ? `${base}/${version}?compare=${e.target.value}`
                      : `${base}/${version}`,
                  )
                }
              >
                <option value="">{t('cms:theCurrentDocument')}</option>
                {loaded.choices
                  .filter((v) => String(v.id) !== version)
                  .map((v) => (
                    <option key={String(v.id)} value={String(v.id)}>
                      {t('cms:versionOf', { name: versionName(v) })}
                    </option>
                  ))}
              </select>
            </label>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={changedOnly}
                onChange={(e) => setChangedOnly(e.target.checked)}
              />{' '}
              {t('version:modifiedOnly')}
            </label>
          </div>
          <div className="toolbar">
            <span>{t('version:changedFieldsCount', { count: changed })}</span>
            {props.canRestore && (
              <RestoreButtons drafts={entity.drafts} busy={busy} onRestore={onRestore} />
            )}
          </div>
          <DiffTable
            diffs={diffs}
            leftLabel={t('cms:thisVersion')}
            rightLabel={loaded.otherName}
            changedOnly={changedOnly}
          />
        </>
      )}
    </>
  )
}

function RestoreButtons(props: {
  drafts: boolean
  busy: boolean
  onRestore: (as: RestoreAs) => Promise<void>
}) {
  const { busy, onRestore } = props
  if (!props.drafts)
    return (
      <button type="button" disabled={busy} onClick={() => void onRestore('as-is')}>
        {t('version:restoreThisVersion')}
      </button>
    )
  return (
    <span className="restore-buttons">
      <button
        type="button"
        className="secondary"
        disabled={busy}
        onClick={() => void onRestore('draft')}
      >
        {t('version:restoreAsDraft')}
      </button>
      <button type="button" disabled={busy} onClick={() => void onRestore('published')}>
        {t('general:restoreAsPublished')}
      </button>
    </span>
  )
}

type RestoreAs = 'draft' | 'published' | 'as-is'

/** Restore, confirmed first; the edit view then says whether the version was restored as a draft or published. */
function useRestore(
  target: Target,
  version: VersionDoc | undefined,
  setError: (e: string | undefined) => void,
) {
  const [busy, setBusy] = useState(false)
  const onRestore = async (as: RestoreAs) => {
    if (!version) return
    const date = formatDate(version.updatedAt, true)
    const question = {
      draft: 'cms:restoreDraftQuestion',
      published: 'cms:restorePublishQuestion',
      'as-is': 'cms:restoreQuestion',
    }[as]
    if (!window.confirm(t(question, { date }))) return
    setBusy(true)
    setError(undefined)
    try {
      await restore(target, version, as)
      const to = editPath(target)
      const said = {
        draft: 'cms:restoredVersionAsDraft',
        published: 'cms:restoredVersionAndPublished',
        'as-is': 'cms:restoredVersion',
      }[as]
      flash(t(said, { date }), to)
      navigate(to)
    } catch (e) {
      setError(messageOf(e))
      setBusy(false)
    }
  }
  return { busy, onRestore }
}
