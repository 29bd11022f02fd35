import { attachment, type RestHandlers } from './request.ts'

/**
 * `GET <api>/<slug>/paste-url[/<id>]?src=<url>`: the file at an allow-listed URL, fetched by the server (Local
 * `pasteURL`), always as an attachment so nothing fetched is rendered in the API's origin.
 */
export const pasteURL: RestHandlers['pasteURL'] = async (cms, r) => {
  const file = await cms.pasteURL({
    collection: r.meta.collection,
    src: typeof r.query.src === 'string' ? r.query.src : '',
    id: r.params.id,
    req: r.req,
    overrideAccess: false,
  })
  return {
    status: 200,
    headers: {
      'Content-Type': file.mimeType,
      'Content-Length': String(file.size),
      'Content-Disposition': attachment(file.filename),
      'X-Content-Type-Options': 'nosniff',
    },
    stream: file.body,
  }
}
