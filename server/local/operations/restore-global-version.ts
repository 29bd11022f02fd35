import { readGlobalRow, writeGlobalRow } from '../../db/stores/globals.ts'
import type { GlobalAction } from '../../config/events.ts'
import { updateActions } from '../webhooks/actions.ts'
import { emitGlobalEvents } from '../webhooks/emit.ts'
import { selectById } from '../../db/store.ts'
import { NotFound } from '../../errors/not-found.ts'
import { executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { runHooks } from '../hooks.ts'
import { idParam } from '../params.ts'
import { localizeDocs } from '../read.ts'
import { createLocalReq, withTransaction } from '../request.ts'
import type { GlobalOf, GlobalSlug, RestoreGlobalVersionArgs } from '../../config/local-api.ts'
import { isDraft, saveVersion, versionData, versionedGlobal } from '../versions.ts'
import { checkUpdatable } from './update-global.ts'

/**
 * Makes a version the global's content again (`update` access), saving it as a new latest version. With
 * `draft: true` over a published global only the new version is written. Answers the global as read back (with
 * `draft: true`, the draft).
 */
export async function restoreGlobalVersion<S extends GlobalSlug>(
  this: Cms,
  args: RestoreGlobalVersionArgs<S>,
): Promise<GlobalOf<S>>
export async function restoreGlobalVersion(
  this: Cms,
  args: RestoreGlobalVersionArgs<GlobalSlug>,
): Promise<GlobalOf<GlobalSlug>> {
  const { global, versions } = versionedGlobal(this, args.slug)
  const req = createLocalReq(this, args)
  const overrideAccess = args.overrideAccess ?? true
  return withTransaction(this, req, async (tx) => {
    const ctx = this.queryContext(req.locale)
    const versionId = idParam(args.id)
    const draft = isDraft(global, args.draft)
    const access = await executeAccess(global.access.update, { req }, overrideAccess)
    const row = await readGlobalRow(tx, this.db.dialect, global.slug, true)
    const version = await selectById(tx, ctx, versions, versionId)
    if (!version) throw new NotFound()
    checkUpdatable(this, global, req, access, row)
    const data = versionData(version)
    if (draft) data._status = 'draft'
    const wroteMain = !draft || row?.data._status !== 'published'
    if (wroteMain) await writeGlobalRow(tx, this.db.dialect, global.slug, data, Boolean(row))
    const now = new Date().toISOString()
    await saveVersion(this, tx, ctx, global, undefined, {
      ...data,
      createdAt: row?.createdAt ?? now,
      updatedAt: now,
    })
    const doc = structuredClone(data)
    localizeDocs(this, global.flatFields, [doc], req)
    const previousDoc = row ? structuredClone(row.data) : undefined
    if (previousDoc) localizeDocs(this, global.flatFields, [previousDoc], req)
    await runHooks(
      global.hooks.afterChange,
      'doc',
      { doc, previousDoc, operation: 'update', req },
      { global },
    )
    const actions = updateActions(global, row?.data, data, wroteMain) as GlobalAction[]
    await emitGlobalEvents(this, req, global, actions, draft)
    return this.findGlobal({
      slug: args.slug,
      req,
      overrideAccess,
      depth: args.depth,
      draft: args.draft,
      select: args.select,
      showHiddenFields: args.showHiddenFields,
    })
  })
}
