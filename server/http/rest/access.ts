import { text, type RestHandlers } from './request.ts'

export const access: RestHandlers['access'] = async (cms, r) => {
  return {
    status: 200,
    body: await cms.access({ req: r.req, locale: text(r.query.locale) }),
  }
}
