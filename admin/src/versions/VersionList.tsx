/**
 * The versions of a document or global, newest first: date (linking to the version against the current document),
 * status, autosave; two versions ticked compare with each other (the older against the newer).
 */
import { PrevNext } from '../list/Controls.tsx'
import { useEffect, useState } from 'react'
import { messageOf } from '../api.ts'
import { t } from '../i18n.ts'
import { Link, navigate } from '../router.tsx'
import { labelOf, type AdminEntity, type AdminField } from '../schema.ts'
import { formatDate } from '../list/cells.ts'
import { editPath, findVersions, type Target, type VersionDoc, type VersionPage } from './api.ts'

const LIMIT = 10

/** The two versions ticked to compare (ticking a third drops the first), and going to their comparison. */
function usePicks(base: string) {
  const [picked, setPicked] = useState<VersionDoc[]>([])
  const pick = (v: VersionDoc, on: boolean) =>
    setPicked((p) => {
      const others = p.filter((x) => x.id !== v.id)
      return on ? [...others, v].slice(-2) : others
    })
  const compare = () => {
    // The older is "this version", compared with the newer.
    const [older, newer] = [...picked].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
    navigate(`${base}/${older.id}?compare=${newer.id}`)
  }
  return { picked, pick, compare }
}

export function VersionList(props: { target: Target; entity: AdminEntity; base: string }) {
  const { target, entity, base } = props
  const [page, setPage] = useState(1)
  const [data, setData] = useState<VersionPage>()
  const [error, setError] = useState<string>()
  const { picked, pick, compare } = usePicks(base)
  useEffect(() => {
    let live = true
    findVersions(target, page, LIMIT)
      .then((r) => live && setData(r))
      .catch((e: unknown) => live && setError(messageOf(e)))
    return () => {
      live = false
    }
  }, [target.kind, target.slug, target.id, page])
  const titleField = entity.useAsTitle
  // The title column is named as the config names its field.
  const titleOf = (entity.fields as unknown as AdminField[]).find((f) => f.name === titleField)
  const titleLabel = titleField ? labelOf(titleOf ?? { name: titleField }) : undefined
  return (
    <>
      <p>
        <Link to={editPath(target)}>{t('cms:backToDocument')}</Link>
      </p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {data && data.docs.length === 0 && <p className="empty">{t('version:versionCount_none')}</p>}
      {data && data.docs.length > 1 && (
        <div className="toolbar">
          <span>{t('cms:tickTwoVersions')}</span>
          <button
            type="button"
            className="secondary small"
            disabled={picked.length !== 2}
            onClick={compare}
          >
            {t('version:compareVersions')}
          </button>
        </div>
      )}
      {data && data.docs.length > 0 && (
        <div className="table-wrap">
          <table className="versions-table">
            <caption className="visually-hidden">{t('cms:versionsNewestFirst')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('cms:versionCompare')}</th>
                <th scope="col">{t('general:updatedAt')}</th>
                {titleField && <th scope="col">{titleLabel}</th>}
                <th scope="col">{t('version:status')}</th>
                <th scope="col">{t('version:autosave')}</th>
                <th scope="col">{t('cms:versionCurrent')}</th>
              </tr>
            </thead>
            <VersionRows
              docs={data.docs}
              base={base}
              titleField={titleField}
              picked={picked.map((v) => String(v.id))}
              pick={pick}
            />
          </table>
        </div>
      )}
      {data && (
        <PrevNext
          page={page}
          totalPages={data.totalPages}
          label={t('cms:pagination')}
          onPage={setPage}
        />
      )}
    </>
  )
}

function VersionRows(props: {
  docs: VersionDoc[]
  base: string
  titleField?: string
  picked: string[]
  pick: (v: VersionDoc, on: boolean) => void
}) {
  const { titleField, picked } = props
  return (
    <tbody>
      {props.docs.map((v) => (
        <tr key={String(v.id)}>
          <td>
            <input
              type="checkbox"
              aria-label={t('cms:compareVersionOf', {
                date: formatDate(v.updatedAt, true),
                id: String(v.id),
              })}
              checked={picked.includes(String(v.id))}
              onChange={(e) => props.pick(v, e.target.checked)}
            />
          </td>
          <td>
            <Link to={`${props.base}/${v.id}`}>
              {formatDate(v.updatedAt, true)}
              <span className="visually-hidden">
                {' '}
                ({t('version:version')} {String(v.id)})
              </span>
            </Link>
          </td>
          {titleField && <td>{String(v.version[titleField] ?? '')}</td>}
          <td>
            {v.version._status === 'published'
              ? t('version:published')
              : v.version._status
                ? t('version:draft')
                : ''}
          </td>
          <td>{t(v.autosave ? 'general:yes' : 'general:no')}</td>
          <td>{v.latest ? t('cms:versionLatest') : ''}</td>
        </tr>
      ))}
    </tbody>
  )
}
