import { executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { applyDefaults } from '../fields/defaults.ts'
import { readGlobalRow } from '../globals-store.ts'
import { runHooks } from '../hooks.ts'
import { localizeDocs, readSelection, stripUnreadable } from '../read.ts'
import { applySelect } from '../select.ts'
import { createLocalReq, executorFor } from '../request.ts'
import type { FindGlobalArgs, GlobalOf, GlobalSlug } from '../types.ts'

/** Reads a global; one never saved reads as its default values. */
export async function findGlobal<S extends GlobalSlug>(this: Cms, incoming: FindGlobalArgs<S>): Promise<GlobalOf<S>> {
  const global = this.global(incoming.slug)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  const args = await runHooks<FindGlobalArgs<S>>(global.hooks.beforeOperation, 'args', { args: incoming, operation: 'read', req }, { global })
  const access = await executeAccess(global.access.read, { req }, overrideAccess)
  const row = await readGlobalRow(this, executorFor(this, req), global.slug)
  const { select } = readSelection(this, global.flatFields, args)
  let data: Record<string, unknown> = row ? row.data : {}
  if (row) localizeDocs(this, global.flatFields, [data], req)
  else await applyDefaults(global.flatFields, data, req, true)
  // A Where from read access cannot match a global's single document by query: it reads as empty (as Payload).
  if (access !== true) data = {}
  data = await runHooks(global.hooks.beforeRead, 'doc', { doc: data, req }, { global })
  await stripUnreadable(global.flatFields, data, req, overrideAccess, Boolean(args.showHiddenFields))
  const doc = { ...data, globalType: global.slug, ...(row ? { createdAt: row.createdAt, updatedAt: row.updatedAt } : {}) }
  const out = await runHooks<Record<string, unknown>>(global.hooks.afterRead, 'doc', { doc, req }, { global })
  if (select) applySelect(global.flatFields, out, select)
  return out as unknown as GlobalOf<S>
}

