import { body, text, type RestHandlers } from './request.ts'

/**
 * `POST <api>/<slug>/form-state` and `<api>/globals/<slug>/form-state`: the body `{ data, id?, operation? }`, the
 * answer which of its conditional fields apply (Local `formState`, with the caller's access).
 */
export const formState: RestHandlers['formState'] = async (cms, r) => {
  const given = body(r)
  const operation = given.operation === 'create' ? 'create' : 'update'
  const target =
    r.meta.global !== undefined
      ? { slug: r.meta.global }
      : { collection: r.meta.collection, id: given.id as string | number | undefined }
  return {
    status: 200,
    body: await cms.formState({
      ...target,
      operation,
      data: given.data as Record<string, unknown>,
      locale: text(r.query.locale),
      req: r.req,
      overrideAccess: false,
    }),
  }
}
