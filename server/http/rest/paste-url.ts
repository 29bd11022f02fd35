import type { RestHandlers } from './request.ts'

/** `attachment; filename="a.png"; filename*=UTF-8''a.png` (RFC 6266), safe for any name. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`

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
