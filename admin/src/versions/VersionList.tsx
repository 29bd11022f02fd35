/**
 * The versions of a document or global, newest first: date (linking to the version against the current document),
 * status, autosave; two versions ticked compare with each other (the older against the newer).
 */
import { PrevNext } from '../list/Controls.tsx'
import { useEffect, useState } from 'react'
import { messageOf } from '../api.ts'
import { Link, navigate } from '../router.tsx'
import type { AdminEntity } from '../schema.ts'
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
  return (
    <>
      <p>
        <Link to={editPath(target)}>Back to the document</Link>
      </p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {data && data.docs.length === 0 && <p className="empty">No versions yet.</p>}
      {data && data.docs.length > 1 && (
        <div className="toolbar">
          <span>Tick two versions to compare them.</span>
          <button
            type="button"
            className="secondary small"
            disabled={picked.length !== 2}
            onClick={compare}
          >
            Compare selected
          </button>
        </div>
      )}
      {data && data.docs.length > 0 && (
        <div className="table-wrap">
          <table className="versions-table">
            <caption className="visually-hidden">Versions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Compare</th>
                <th scope="col">Updated</th>
                {titleField && <th scope="col">Title</th>}
                <th scope="col">Status</th>
                <th scope="col">Autosave</th>
                <th scope="col">Current</th>
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
        <PrevNext page={page} totalPages={data.totalPages} label="Pagination" onPage={setPage} />
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
              aria-label={`Compare the version of ${formatDate(v.updatedAt, true)} (version ${String(v.id)})`}
              checked={picked.includes(String(v.id))}
              onChange={(e) => props.pick(v, e.target.checked)}
            />
          </td>
          <td>
            <Link to={`${props.base}/${v.id}`}>
              {formatDate(v.updatedAt, true)}
              <span className="visually-hidden"> (version {String(v.id)})</span>
            </Link>
          </td>
          {titleField && <td>{String(v.version[titleField] ?? '')}</td>}
          <td>
            {v.version._status === 'published' ? 'Published' : v.version._status ? 'Draft' : ''}
          </td>
          <td>{v.autosave ? 'Yes' : 'No'}</td>
          <td>{v.latest ? 'Latest' : ''}</td>
        </tr>
      ))}
    </tbody>
  )
}
