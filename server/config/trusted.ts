import type { Access, AccessArgs, CollectionConfig, Config, SanitizedConfig } from './types.ts'

/**
 * The callers the CMS trusts with the collections it adds on its own (`webhooks`, `payload-jobs`): a logged-in user
 * of the admin's user collection (`admin.user`, else the first auth collection) whom that collection's `update`
 * access lets update every account: it answers `true`, not a Where, asked without a document. It is the rule that
 * already decides who may set `_verified` (auth-fields.ts). A collection without `access.update` has the default
 * (any logged-in user), so in a config without access rules every user is trusted, as every user there may
 * already update every account. An access function that throws trusts nobody.
 */
export function trustedAccess(
  input: Pick<Config, 'admin'>,
  collections: readonly CollectionConfig[],
): Access {
  const slug = input.admin?.user ?? collections.find((c) => c.auth)?.slug
  const update = collections.find((c) => c.slug === slug)?.access?.update
  return async ({ req }: AccessArgs) => {
    if (!req.user || !slug || req.user.collection !== slug) return false
    if (!update) return true
    try {
      return (await update({ req })) === true
    } catch {
      return false
    }
  }
}

const built = new WeakMap<object, Access>()

/** `trustedAccess` of a sanitised config, built once per config (the event path asks it for every owner). */
export function trustedAccessOf(config: SanitizedConfig): Access {
  let access = built.get(config)
  if (!access) {
    access = trustedAccess(config, config.collections)
    built.set(config, access)
  }
  return access
}
