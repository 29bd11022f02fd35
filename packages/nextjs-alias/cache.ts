/**
 * `next/cache` as a ported Payload project's hooks call it (docs/porting-from-payload.md, "Next.js in a project's
 * hooks"). Payload's templates call `revalidatePath` and `revalidateTag` after a change so that the Next.js app
 * running in the same process drops the pages it cached. This CMS runs no Next.js app, so there is no cache here to
 * drop: the calls are accepted and change nothing. A frontend that runs apart learns of changes through this CMS's
 * webhooks (docs/webhooks.md), and `unstable_cache` caches nothing: the function runs on every call.
 */

/** Next.js drops the pages it cached for `path`; here there are none. */
export function revalidatePath(path: string, type?: 'page' | 'layout'): void {
  checkString('revalidatePath', 'path', path)
  if (type !== undefined && type !== 'page' && type !== 'layout')
    throw new TypeError(`revalidatePath: type must be "page" or "layout"; got ${String(type)}.`)
}

/** Next.js drops the data it cached under `tag`; here there is none. */
export function revalidateTag(tag: string, _profile?: string | { expire?: number }): void {
  checkString('revalidateTag', 'tag', tag)
}

/** Next.js caches `fn`'s result across requests; here it runs on every call, so it always answers fresh data. */
export function unstable_cache<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  _keyParts?: string[],
  _options?: { revalidate?: number | false; tags?: string[] },
): (...args: A) => Promise<R> {
  if (typeof fn !== 'function')
    throw new TypeError('unstable_cache: the first argument must be a function.')
  return (...args: A) => fn(...args)
}

function checkString(name: string, argument: string, value: unknown): void {
  if (typeof value !== 'string')
    throw new TypeError(`${name}: the ${argument} must be a string; got ${typeof value}.`)
}
