/** Payload's `createLocalReq(options, payload)`: the request a script or seed hands to Local operations. */
import type { CmsRequest } from '../../config/types.ts'
import type { Cms } from '../cms.ts'
import { createLocalReq as localReq } from '../request.ts'

export function createLocalReq(
  options: {
    context?: Record<string, unknown>
    fallbackLocale?: string | false
    locale?: string
    req?: Partial<CmsRequest>
    user?: CmsRequest['user']
  },
  payload: Cms,
): Promise<CmsRequest> {
  const { context, fallbackLocale, locale, req, user } = options
  return Promise.resolve(
    localReq(payload, {
      req: req as CmsRequest | undefined,
      user: user ?? undefined,
      context,
      locale,
      fallbackLocale,
    }),
  )
}
