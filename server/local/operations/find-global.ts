import { asDeclared } from '../declared-types.ts'
import { executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { applyDefaults } from '../fields/defaults.ts'
import { readGlobalRow } from '../../db/stores/globals.ts'
import { documentMatches } from '../../config/document-match.ts'
import { hasFieldHooks, runFieldHooks, runHooks } from '../hooks.ts'
import { fillVirtual } from '../../config/fields.ts'
import { localizeDocs, readSelection, stripUnreadable } from '../read.ts'
import { applySelect } from '../select.ts'
import { createLocalReq, executorFor } from '../request.ts'
import type { FindGlobalArgs, GlobalOf, GlobalSlug } from '../../config/local-api.ts'
import { isDraft, latestVersion } from '../versions.ts'
import { withoutStamps } from './update-global.ts'

/** Reads a global (with `draft: true`, its newest version); one never saved reads as its default values. */
export async function findGlobal<S extends GlobalSlug>(
  this: Cms,
  incoming: FindGlobalArgs<S>,
): Promise<GlobalOf<S>>
export async function findGlobal(
  this: Cms,
  incoming: FindGlobalArgs<GlobalSlug>,
): Promise<Record<string, unknown>> {
  const global = this.global(incoming.slug)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  const args = await runHooks<FindGlobalArgs<GlobalSlug>>(
    global.hooks.beforeOperation,
    'args',
    { args: incoming, operation: 'read', req },
    { global },
  )
  const access = await executeAccess(global.access.read, { req }, overrideAccess)
  const draft = isDraft(global, args.draft)
  const ex = executorFor(this, req)
  let row = await readGlobalRow(ex, this.db.dialect, global.slug)
  // draft: true reads the newest version (a draft saved over the published global lives only there).
  const latest = draft
    ? await latestVersion(ex, this.queryContext(req.locale), global, undefined)
    : undefined
  if (latest)
    row = {
      data: withoutStamps(latest),
      createdAt: String(latest.createdAt ?? row?.createdAt),
      updatedAt: String(latest.updatedAt),
    }
  const { select } = readSelection(this, global.flatFields, args)
  let data: Record<string, unknown> = row ? row.data : {}
  if (row) localizeDocs(this, global.flatFields, [data], req)
  else await applyDefaults(global.flatFields, data, req, true)
  // A Where from read access is evaluated against the stored global (as updateGlobal does): when it matches,
  // the global reads as usual; when it does not, or the global was never saved, it reads as empty: only
  // `globalType`, no fields and no timestamps.
  const visible = access === true || Boolean(row && documentMatches(data, access))
  if (!visible) data = {}
  data = await runHooks(global.hooks.beforeRead, 'doc', { doc: data, req }, { global })
  if (visible) fillVirtual(global.flatFields, data)
  await stripUnreadable(
    global.flatFields,
    data,
    req,
    overrideAccess,
    Boolean(args.showHiddenFields),
  )
  // Field afterRead hooks compute virtual fields (and may change stored ones).
  if (visible && hasFieldHooks(global.flatFields, 'afterRead'))
    await runFieldHooks('afterRead', global.flatFields, data, {
      req,
      data,
      operation: 'read',
      overrideAccess,
      global,
    })
  const stamps = row && visible ? { createdAt: row.createdAt, updatedAt: row.updatedAt } : {}
  const doc = { ...data, globalType: global.slug, ...stamps }
  const out = await runHooks<Record<string, unknown>>(
    global.hooks.afterRead,
    'doc',
    { doc, req },
    { global },
  )
  // A document hook may write what its fields do not declare (a number into a text field): answered as declared.
  if (global.hooks.afterRead?.length) asDeclared(global.flatFields, out)
  if (select) applySelect(global.flatFields, out, select)
  return out
}
