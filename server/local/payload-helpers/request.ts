/**
 * Payload's request helpers for custom endpoint handlers: `addDataAndFileToRequest` (the JSON body as
 * `req.data`), `addLocalesToRequestFromData` (`locale` and `fallbackLocale` sent in the body), `headersWithCors`
 * (the CORS headers of the config on a handler's own response) and `mergeHeaders`.
 */
import { APIError } from '../../errors/api-error.ts'
import type { CmsRequest, SanitizedConfig } from '../../config/types.ts'
import { resolveLocale } from '../locale.ts'

const WRITES = new Set(['PATCH', 'POST', 'PUT'])

type EndpointRequest = CmsRequest & {
  method?: string
  text?: () => Promise<string>
  json?: () => Promise<unknown>
}

/**
 * Sets `req.data` from a JSON body of a POST, PATCH or PUT (an empty body is `{}`; malformed JSON a 400 "Invalid
 * JSON"), and makes `req.json()` answer it again. A REST write already has `req.data` and is left as it is.
 * Multipart bodies of custom endpoints are not parsed here (their `req.file` is an upload collection's, set by the
 * server for its own routes).
 */
export async function addDataAndFileToRequest(req: EndpointRequest): Promise<void> {
  if (req.data !== undefined || !req.method || !WRITES.has(req.method.toUpperCase())) return
  const [type] = (req.headers?.get('Content-Type') ?? '').split(';', 1)
  if (type.trim().toLowerCase() !== 'application/json' || !req.text) return
  const text = await req.text()
  let data: unknown
  try {
    data = text ? JSON.parse(text) : {}
  } catch {
    throw new APIError('Invalid JSON', 400)
  }
  req.data = data as Record<string, unknown>
  req.json = () => Promise.resolve(data)
}

/**
 * Sets `req.locale` and `req.fallbackLocale` from the body's `locale` and `fallbackLocale` (or `fallback-locale`)
 * when the request has none yet; `*` is `all`, and an unknown locale falls back to the default one when the
 * config's localization falls back.
 */
export function addLocalesToRequestFromData(req: CmsRequest): void {
  const data = req.data
  if (!data) return
  const config = (req.payload as unknown as { config: SanitizedConfig }).config
  const locale = !req.locale && typeof data.locale === 'string' ? data.locale : undefined
  const fallback =
    req.fallbackLocale !== undefined
      ? undefined
      : typeof data.fallbackLocale === 'string'
        ? data.fallbackLocale
        : typeof data['fallback-locale'] === 'string'
          ? data['fallback-locale']
          : undefined
  if (locale === undefined && fallback === undefined) return
  const localization = config.localization
  const code =
    locale === '*' || locale === 'all'
      ? 'all'
      : localization &&
          locale !== undefined &&
          !localization.localeCodes.includes(locale) &&
          localization.fallback
        ? localization.defaultLocale
        : locale
  const resolved = resolveLocale(config, code ?? req.locale, fallback)
  if (locale !== undefined) req.locale = resolved.locale
  if (fallback !== undefined) req.fallbackLocale = resolved.fallbackLocale
}

const CORS_HEADERS = [
  'Origin',
  'X-Requested-With',
  'Content-Type',
  'Accept',
  'Authorization',
  'Content-Encoding',
  'x-apollo-tracing',
  'X-Payload-HTTP-Method-Override',
]

/**
 * `headers` with the config's CORS headers added where the handler set none: the methods, the allowed request
 * headers (the config's extra ones too), and the caller's origin when the config allows it (with credentials), or
 * `*` when it allows every origin.
 */
export function headersWithCors({ headers, req }: { headers: Headers; req?: CmsRequest }): Headers {
  const cors = (req?.payload as unknown as { config?: SanitizedConfig } | undefined)?.config?.cors
  if (!cors) return headers
  const origin = req?.headers?.get('Origin') ?? null
  if (!headers.has('Access-Control-Allow-Methods'))
    headers.set('Access-Control-Allow-Methods', 'PUT, PATCH, POST, GET, DELETE, OPTIONS')
  if (!headers.has('Access-Control-Allow-Headers')) {
    const extra = typeof cors === 'object' && !Array.isArray(cors) ? (cors.headers ?? []) : []
    headers.set(
      'Access-Control-Allow-Headers',
      [...CORS_HEADERS, ...extra].filter(Boolean).join(', '),
    )
  }
  if (!headers.has('Access-Control-Allow-Origin')) {
    const origins = Array.isArray(cors) || cors === '*' ? cors : cors.origins
    if (origins === '*') headers.set('Access-Control-Allow-Origin', '*')
    else if (origin && origins.includes(origin)) {
      headers.set('Access-Control-Allow-Credentials', 'true')
      headers.set('Access-Control-Allow-Origin', origin)
    }
  }
  return headers
}

/** `destination`'s headers with every one of `source` appended. */
export function mergeHeaders(source: Headers, destination: Headers | HeadersInit): Headers {
  const combined = new Headers(destination)
  source.forEach((value, key) => combined.append(key, value))
  return combined
}
