/**
 * Helpers of the re-expressed Payload int specs: Payload's REST client sends `where`, `sort` and the rest with
 * qs (bracket syntax), so these tests do too.
 */
import qs from 'qs'
import type { ServerState } from '../helpers/http.ts'

/** A query string as Payload's REST client builds it. */
export const query = (q: Record<string, unknown>) => qs.stringify(q)

/** Creates a post over REST as Payload's spec does (title 'title' unless given) and returns the document. */
export async function createPost(s: ServerState<unknown>, data: Record<string, unknown> = {}) {
  const r = await s.request('POST', '/api/posts', { body: { title: 'title', ...data } })
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${r.text}`)
  return r.body.doc as Record<string, any>
}

/** Empties a collection between tests (Payload's `clearDocs`). */
export async function clear(s: ServerState<unknown>, collection: string) {
  await s.cms.delete({ collection, where: { id: { exists: true } } })
}

/** The ids of a list answer, in order. */
export const ids = (docs: { id?: unknown }[]) => docs.map((d) => d.id)
