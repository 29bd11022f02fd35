import { readOptions, type RestHandlers } from './request.ts'

export const restoreGlobalVersion: RestHandlers['restoreGlobalVersion'] = async (cms, r) => {
  const doc = await cms.restoreGlobalVersion({
    slug: r.meta.global,
    id: r.params.id,
    ...readOptions(r),
  })
  // Payload wraps a restored global (`{ doc, message }`), unlike a restored document.
  return { status: 200, body: { doc, message: 'Restored Successfully.' } }
}
