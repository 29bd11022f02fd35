import type { CmsRequest, SanitizedGlobal, Where } from '../../config/types.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import { Unauthorized } from '../../errors/unauthorized.ts'
import { executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { readGlobalRow, writeGlobalRow, type GlobalRow } from '../../db/stores/globals.ts'
import { documentMatches } from '../../config/document-match.ts'
import { localizeDocs } from '../read.ts'
import { runHooks } from '../hooks.ts'
import { createLocalReq, withTransaction } from '../request.ts'
import type { GlobalOf, GlobalSlug, UpdateGlobalArgs } from '../../config/local-api.ts'
import { isAutosave, isDraft, latestVersion, saveVersion } from '../versions.ts'
import { prepareData, toEditable, toStored, withDraftStatus } from '../write.ts'
import type { GlobalAction } from '../../config/events.ts'
import { updateActions } from '../webhooks/actions.ts'
import { emitGlobalEvents } from '../webhooks/emit.ts'
import { checkDocumentLock } from '../locks.ts'

/**
 * Writes a global (merged over what is stored, validated) in one transaction and returns it. With versions, each
 * save is also a version, and the write merges over the newest version; with drafts, a draft saved over a
 * published global is written only as a version (readers without `draft: true` keep the published content).
 */
export async function updateGlobal<S extends GlobalSlug>(
  this: Cms,
  incoming: UpdateGlobalArgs<S>,
): Promise<GlobalOf<S>>
export async function updateGlobal(
  this: Cms,
  incoming: UpdateGlobalArgs<GlobalSlug>,
): Promise<GlobalOf<GlobalSlug>> {
  const global = this.global(incoming.slug)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  return withTransaction(this, req, async (tx) => {
    const args = await runHooks<UpdateGlobalArgs<GlobalSlug>>(
      global.hooks.beforeOperation,
      'args',
      { args: incoming, operation: 'update', req },
      { global },
    )
    const access = await executeAccess(
      global.access.update,
      { req, data: args.data },
      overrideAccess,
    )
    const draft = isDraft(global, args.draft)
    const autosave = isAutosave(global, args.autosave, `global "${global.slug}"`)
    const row = await readGlobalRow(tx, this.db.dialect, global.slug, true)
    checkUpdatable(this, global, req, access, row)
    await checkDocumentLock(this, req, { global }, args.overrideLock ?? true, 'updated')
    const ctx = this.queryContext(req.locale)
    const latest = await latestVersion(tx, ctx, global, undefined)
    const base = latest ? withoutStamps(latest) : row?.data
    const original = base ? toEditable(this, global.flatFields, base, req) : undefined
    const { doc } = await prepareData({
      cms: this,
      ex: tx,
      fields: global.flatFields,
      data: withDraftStatus(args.data, draft),
      req,
      operation: row || latest ? 'update' : 'create',
      original,
      owner: { global },
      overrideAccess,
      draft,
    })
    const stored = toStored(this, global.flatFields, structuredClone(doc), base, req)
    const wroteMain = !draft || row?.data._status !== 'published'
    if (wroteMain) await writeGlobalRow(tx, this.db.dialect, global.slug, stored, Boolean(row))
    const now = new Date().toISOString()
    await saveVersion(
      this,
      tx,
      ctx,
      global,
      undefined,
      { ...stored, createdAt: row?.createdAt ?? latest?.createdAt ?? now, updatedAt: now },
      autosave,
    )
    await runHooks(
      global.hooks.afterChange,
      'doc',
      { doc, previousDoc: original, operation: 'update', req },
      { global },
    )
    const actions = updateActions(global, row?.data, stored, wroteMain) as GlobalAction[]
    await emitGlobalEvents(this, req, global, actions, draft)
    return this.findGlobal({ ...args, slug: incoming.slug, req, overrideAccess })
  })
}

/**
 * A Where from update access is evaluated against the stored global (locked by the caller), as the caller's
 * locale reads it: a global it does not match, or one never saved, is denied like `false` (401 anonymous, 403
 * logged in).
 */
export function checkUpdatable(
  cms: Cms,
  global: SanitizedGlobal,
  req: CmsRequest,
  access: true | Where,
  row: GlobalRow | undefined,
): void {
  if (access === true) return
  const stored = row ? structuredClone(row.data) : undefined
  if (stored) localizeDocs(cms, global.flatFields, [stored], req)
  if (!documentMatches(stored, access)) throw req.user ? new Forbidden() : new Unauthorized()
}

/** A version read as a global's stored data: without its timestamps (the row keeps those). */
export function withoutStamps(doc: Record<string, unknown>): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, id: _id, ...data } = doc
  return data
}
