/**
 * Conditional reads (RFC 9110 §13). An anonymous GET of documents (a list, one by id, a count, distinct values,
 * a global, versions) carries a strong `ETag`: a hash of the sum of the write generations (db/totals.ts, every
 * committed write through the CMS bumps one), the contract, and the request's path and query. Equal sums mean no
 * write a read could show has happened, so an `If-None-Match` naming the current tag is answered 304 after the
 * operation's access check, without running the read. Anonymous answers are the same for every anonymous
 * caller: `Cache-Control: public, max-age=0, must-revalidate` (caches keep them and ask again each time) with
 * `Vary: Authorization, Cookie`; an authenticated caller's answers are `private, no-store` (app.ts).
 */
import { createHash } from 'node:crypto'
import { contentGeneration, noteGeneration } from '../db/totals.ts'
import type { Cms } from '../local/cms.ts'
import type { RestReply } from './rest.ts'

/** The contract's stamp: a new contract (a changed config) makes new tags. */
export const contractStamp = (document: unknown): string =>
  createHash('sha256').update(JSON.stringify(document)).digest('base64url').slice(0, 16)

/** The strong tag of an answer at `generation` to the request's path and query. */
export function entityTag(
  generation: number,
  stamp: string,
  rel: string,
  querystring: string,
): string {
  const hash = createHash('sha256')
    .update(`${generation}\u0000${stamp}\u0000${rel}\u0000${querystring}`)
    .digest('base64url')
  return `"${hash.slice(0, 27)}"`
}

/** Whether `If-None-Match` names the tag (the weak comparison the header uses, so `W/"…"` matches too). */
export function noneMatch(header: string | string[] | undefined, tag: string): boolean {
  if (header === undefined) return false
  for (const list of Array.isArray(header) ? header : [header])
    for (const item of list.split(',')) {
      const t = item.trim()
      if (t === '*' || t === tag || t === `W/${tag}`) return true
    }
  return false
}

/** The caching headers of an anonymous read's answer (200 and 304 alike). */
export const publicHeaders = (tag: string): Record<string, string> => ({
  ETag: tag,
  'Cache-Control': 'public, max-age=0, must-revalidate',
  Vary: 'Authorization, Cookie',
})

/**
 * Serves an anonymous GET of a conditional kind: 304 when `If-None-Match` names the current tag (once `refuse`,
 * the operation's access check, lets the caller in), else the read's answer with the tag on a 200.
 */
export async function conditionalRead(
  cms: Cms,
  call: {
    rel: string
    querystring: string
    headers: Record<string, string | string[] | undefined>
    req: object
    stamp: string
  },
  refuse: () => Promise<void>,
  read: () => Promise<RestReply>,
): Promise<RestReply> {
  // Read before the documents: a write in between makes a newer answer under an older tag, never the reverse.
  const generation = await contentGeneration(cms.db, cms.db.dialect)
  noteGeneration(call.req, generation)
  const tag = entityTag(generation, call.stamp, call.rel, call.querystring)
  if (noneMatch(call.headers['if-none-match'], tag)) {
    await refuse()
    return { status: 304, headers: publicHeaders(tag) }
  }
  const reply = await read()
  if (reply.status === 200) reply.headers = { ...reply.headers, ...publicHeaders(tag) }
  return reply
}
