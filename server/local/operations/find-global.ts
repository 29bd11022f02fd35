import type { DataField } from '../../config/types.ts'
import type { Cms } from '../cms.ts'
import { applyDefaults } from '../fields/defaults.ts'
import { readGlobalRow } from '../globals-store.ts'
import { createLocalReq, executorFor } from '../request.ts'
import type { FindGlobalArgs, GlobalOf, GlobalSlug } from '../types.ts'

/** Reads a global; one never saved reads as its default values. */
export async function findGlobal<S extends GlobalSlug>(this: Cms, args: FindGlobalArgs<S>): Promise<GlobalOf<S>> {
  const global = this.global(args.slug)
  const req = createLocalReq(this, args)
  const row = await readGlobalRow(this, executorFor(this, req), global.slug)
  const data: Record<string, unknown> = row ? row.data : {}
  if (!row) await applyDefaults(global.flatFields, data, req, true)
  stripHidden(global.flatFields, data)
  return { ...data, globalType: global.slug, ...(row ? { createdAt: row.createdAt, updatedAt: row.updatedAt } : {}) } as unknown as GlobalOf<S>
}

function stripHidden(fields: DataField[], doc: Record<string, unknown>): void {
  for (const f of fields) if (f.hidden) delete doc[f.name]
}
