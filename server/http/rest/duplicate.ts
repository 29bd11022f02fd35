import { limitedPasswordChange } from '../../auth/rate-limit.ts'
import { collectionOf, optionalBody, writeInput, type RestHandlers } from './request.ts'

export const duplicate: RestHandlers['duplicate'] = async (cms, r) => {
  const c = collectionOf(cms, r)
  const { data, options } = writeInput(r, c.flatFields, optionalBody(r) ?? {})
  const doc = await limitedPasswordChange(cms, r.ip, Boolean(c.auth), r.body, () =>
    cms.duplicate({
      collection: c.slug,
      id: r.params.id,
      data,
      ...options,
      ...(typeof r.query.selectedLocales === 'string' && {
        selectedLocales: r.query.selectedLocales.split(','),
      }),
      // As Payload's REST route: the copy is a draft unless the request says otherwise.
      draft: options.draft ?? Boolean(c.versions && c.versions.drafts),
    }),
  )
  return { status: 200, body: { doc, message: `${c.labels.singular} successfully duplicated.` } }
}
