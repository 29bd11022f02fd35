import type { RestHandlers, RestRequest } from './request.ts'

/** The Local target of a lock route: the collection's document by path id, or the global. */
export const lockTarget = (r: RestRequest<'lockStatus' | 'lockDocument' | 'unlockDocument'>) =>
  r.meta.global !== undefined
    ? { slug: r.meta.global }
    : { collection: r.meta.collection, id: r.params.id }

/** `GET <api>/<slug>/<id>/lock` and `<api>/globals/<slug>/lock`: who holds the lock (Local lockStatus). */
export const lockStatus: RestHandlers['lockStatus'] = async (cms, r) => ({
  status: 200,
  body: await cms.lockStatus({ ...lockTarget(r), req: r.req, overrideAccess: false }),
})
