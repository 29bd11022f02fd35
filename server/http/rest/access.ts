/** The REST handlers of what the caller may do: everywhere, or with one document or global. */
import type { RestHandlers } from './request.ts'

export const accessKinds = {
  async access(cms, r) {
    return {
      status: 200,
      body: await cms.access({ req: r.req, locale: r.query.locale as string | undefined }),
    }
  },
  async docAccess(cms, r) {
    const common = {
      data: r.body as Record<string, unknown> | undefined,
      req: r.req,
      locale: r.query.locale as string | undefined,
    }
    return {
      status: 200,
      body: r.meta.global
        ? await cms.docAccessGlobal({ slug: r.meta.global, ...common })
        : await cms.docAccess({ collection: r.meta.collection!, id: r.params.id, ...common }),
    }
  },
} satisfies Partial<RestHandlers>
