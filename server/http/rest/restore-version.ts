import { readOptions, type RestHandlers } from './request.ts'

export const restoreVersion: RestHandlers['restoreVersion'] = async (cms, r) => {
  const doc = await cms.restoreVersion({
    collection: r.meta.collection,
    id: r.params.id,
    ...readOptions(r),
  })
  return { status: 200, body: { ...doc, message: 'Restored Successfully.' } }
}
