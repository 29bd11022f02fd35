/** The REST handlers of globals and their versions. */
import { boolParam } from '../query.ts'
import { body, listOptions, readOptions, savedMessage, type RestHandlers } from './request.ts'

export const globalKinds = {
  async findGlobal(cms, r) {
    return { status: 200, body: await cms.findGlobal({ slug: r.meta.global!, ...readOptions(r) }) }
  },
  async updateGlobal(cms, r) {
    const result = await cms.updateGlobal({
      slug: r.meta.global!,
      data: body(r),
      ...readOptions(r),
      autosave: boolParam(r.query.autosave),
    })
    return { status: 200, body: { message: savedMessage(r), result } }
  },
  async findGlobalVersions(cms, r) {
    const { draft: _draft, ...options } = listOptions(r)
    return {
      status: 200,
      body: await cms.findGlobalVersions({ slug: r.meta.global!, ...options }),
    }
  },
  async findGlobalVersionByID(cms, r) {
    const { draft: _draft, ...options } = readOptions(r)
    return {
      status: 200,
      body: await cms.findGlobalVersionByID({
        slug: r.meta.global!,
        id: r.params.id,
        ...options,
      }),
    }
  },
  async restoreGlobalVersion(cms, r) {
    const doc = await cms.restoreGlobalVersion({
      slug: r.meta.global!,
      id: r.params.id,
      ...readOptions(r),
    })
    // Payload wraps a restored global (`{ doc, message }`), unlike a restored document.
    return { status: 200, body: { doc, message: 'Restored Successfully.' } }
  },
} satisfies Partial<RestHandlers>
