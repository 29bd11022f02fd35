/**
 * One version against the current document, field by field (changed rows marked in words, not by colour only),
 * and a Restore button: after a confirmation it restores the version and goes to the edit view saying so.
 */
import { useEffect, useState } from 'react'
import { messageOf } from '../api.ts'
import { flash } from '../flash.tsx'
import { Link, navigate } from '../router.tsx'
import type { AdminEntity } from '../schema.ts'
import { formatDate } from '../list/cells.ts'
import { editPath, findCurrent, findVersion, restore, type Target, type VersionDoc } from './api.ts'
import { diffRows } from './diff.ts'

export function VersionDiff(props: {
  target: Target
  entity: AdminEntity
  version: string
  base: string
  canRestore: boolean
}) {
  const { target, entity, version, base } = props
  const [loaded, setLoaded] = useState<{ version: VersionDoc; current: Record<string, unknown> }>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    let live = true
    Promise.all([findVersion(target, version), findCurrent(target)])
      .then(([v, current]) => live && setLoaded({ version: v, current }))
      .catch((e: unknown) => live && setError(messageOf(e)))
    return () => {
      live = false
    }
  }, [target.kind, target.slug, target.id, version])

  const onRestore = async () => {
    if (!loaded) return
    const when = formatDate(loaded.version.updatedAt, true)
    if (!window.confirm(`Restore the version of ${when}? The current content is replaced.`)) return
    setBusy(true)
    setError(undefined)
    try {
      await restore(target, version)
      const to = editPath(target)
      flash(`Restored the version of ${when}.`, to)
      navigate(to)
    } catch (e) {
      setError(messageOf(e))
      setBusy(false)
    }
  }
  const rows = loaded ? diffRows(entity, loaded.version.version, loaded.current) : []
  const changed = rows.filter((r) => r.changed).length
  return (
    <>
      <p>
        <Link to={base}>All versions</Link> ·{' '}
        <Link to={editPath(target)}>Back to the document</Link>
      </p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {loaded && (
        <>
          <h2>Version of {formatDate(loaded.version.updatedAt, true)}</h2>
          <div className="toolbar">
            <span>
              {changed} {changed === 1 ? 'field differs' : 'fields differ'} from the current
              document.
            </span>
            {props.canRestore && (
              <button type="button" disabled={busy} onClick={() => void onRestore()}>
                Restore this version
              </button>
            )}
          </div>
          <div className="table-wrap">
            <table className="diff-table">
              <caption className="visually-hidden">
                This version against the current document
              </caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">This version</th>
                  <th scope="col">Current</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.name} className={r.changed ? 'changed' : undefined}>
                    <th scope="row">
                      {r.label}
                      {r.changed && <span className="badge">changed</span>}
                    </th>
                    <td>
                      <pre>{r.version}</pre>
                    </td>
                    <td>
                      <pre>{r.current}</pre>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  )
}
