/** The versions of a document or global, newest first: date (linking to the version), status, autosave. */
import { useEffect, useState } from 'react'
import { messageOf } from '../api.ts'
import { Link } from '../router.tsx'
import type { AdminEntity } from '../schema.ts'
import { formatDate } from '../list/cells.ts'
import { editPath, findVersions, type Target, type VersionPage } from './api.ts'

const LIMIT = 10

export function VersionList(props: { target: Target; entity: AdminEntity; base: string }) {
  const { target, entity, base } = props
  const [page, setPage] = useState(1)
  const [data, setData] = useState<VersionPage>()
  const [error, setError] = useState<string>()
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
      {data && data.docs.length > 0 && (
        <div className="table-wrap">
          <table className="versions-table">
            <caption className="visually-hidden">Versions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Updated</th>
                {titleField && <th scope="col">Title</th>}
                <th scope="col">Status</th>
                <th scope="col">Autosave</th>
                <th scope="col">Current</th>
              </tr>
            </thead>
            <tbody>
              {data.docs.map((v) => (
                <tr key={String(v.id)}>
                  <td>
                    <Link to={`${base}/${v.id}`}>
                      {formatDate(v.updatedAt, true)}
                      <span className="visually-hidden"> (version {String(v.id)})</span>
                    </Link>
                  </td>
                  {titleField && <td>{String(v.version[titleField] ?? '')}</td>}
                  <td>
                    {v.version._status === 'published'
                      ? 'Published'
                      : v.version._status
                        ? 'Draft'
                        : ''}
                  </td>
                  <td>{v.autosave ? 'Yes' : 'No'}</td>
                  <td>{v.latest ? 'Latest' : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.totalPages > 1 && (
        <nav className="pagination" aria-label="Pagination">
          <button
            type="button"
            className="secondary small"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </button>
          <span>
            Page {page} of {data.totalPages}
          </span>
          <button
            type="button"
            className="secondary small"
            disabled={page >= data.totalPages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </>
  )
}
