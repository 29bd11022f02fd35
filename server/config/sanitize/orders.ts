/** `config.ordersApi`: the users and orders collections it names, and the fields the orders API needs. */
import { ConfigError } from '../../errors/config-error.ts'
import { relationOf } from '../../fields/registry.ts'
import type { Config, SanitizedCollection } from '../types.ts'

export function checkOrdersApi(
  o: NonNullable<Config['ordersApi']>,
  collections: SanitizedCollection[],
): void {
  const users = collections.find((c) => c.slug === o.users)
  const orders = collections.find((c) => c.slug === o.orders)
  if (!users?.auth)
    throw new ConfigError(
      `ordersApi.users must name an auth collection; got ${JSON.stringify(o.users)}.`,
    )
  if (orders && orders.idType !== 'serial')
    throw new ConfigError(
      `ordersApi.orders: the orders API numbers orders with integer ids; collection "${orders.slug}" has ${orders.idType} ids.`,
    )
  if (!orders)
    throw new ConfigError(
      `ordersApi.orders must name a collection; got ${JSON.stringify(o.orders)}.`,
    )
  const field = (name: string) => orders.flatFields.find((f) => f.name === name)
  const user = field('user')
  const relation = user && relationOf(user)
  if (!relation || relation.polymorphic || relation.targets[0] !== o.users || relation.hasMany)
    throw new ConfigError(
      `ordersApi: collection "${o.orders}" needs a field "user" relating to "${o.users}".`,
    )
  const status = field('status')
  const states =
    status?.type === 'select'
      ? status.options.map((x) => (typeof x === 'string' ? x : x.value))
      : []
  for (const s of ['pending', 'paid', 'shipped', 'cancelled']) {
    if (!states.includes(s))
      throw new ConfigError(
        `ordersApi: collection "${o.orders}" needs a select field "status" with the option "${s}".`,
      )
  }
  const items = field('items')
  const itemNames = items?.type === 'array' ? items.fields.map((f) => f.name) : []
  if (!['product', 'quantity', 'unit_price'].every((n) => itemNames.includes(n)))
    throw new ConfigError(
      `ordersApi: collection "${o.orders}" needs an array field "items" with product, quantity and unit_price.`,
    )
  if (field('total_amount')?.type !== 'number')
    throw new ConfigError(
      `ordersApi: collection "${o.orders}" needs a number field "total_amount".`,
    )
}
