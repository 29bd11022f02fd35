/**
 * The Postman variables `portman-config.yaml` refers to, from what the runner seeded: tokens of the admin, and
 * per operation (`<operationId>.id`, `.where`, `.order`) the document it addresses, chosen by the operation's
 * kind (`x-cms.kind`), so one config serves any CMS config. Lists and counts filter on the kept document; the
 * bulk update and delete address one document each (a `where` matching everything would empty the collection).
 */
import type { AppUnderTest, ServedApp } from './apps.ts'
import type { OpenAPIDocument } from './portman.ts'

/** A fresh bearer token of the app's admin, from a real login. */
export async function login(served: ServedApp, app: AppUnderTest): Promise<string> {
  const res = await fetch(`${served.api}/${app.admin.collection}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: app.admin.email, password: app.admin.password }),
  })
  const body = (await res.json()) as { token?: string }
  if (!res.ok || !body.token) throw new Error(`The admin cannot log in: ${JSON.stringify(body)}`)
  return body.token
}

export async function variables(
  served: ServedApp,
  app: AppUnderTest,
  document: OpenAPIDocument,
): Promise<Record<string, string>> {
  const { docs, versions, files, orders, resetTokens } = served.fixtures
  const values: Record<string, string> = {
    adminToken: await login(served, app),
    // Logging out and refreshing end the session they are called with: each has a session of its own.
    logoutToken: await login(served, app),
    v1LogoutToken: await login(served, app),
    refreshToken: await login(served, app),
    resetToken: resetTokens[0],
    resetTokenAnonymous: resetTokens[1],
    webhookSecret: process.env.PAYMENTS_WEBHOOK_SECRET ?? '',
  }
  const whereId = (id: number) => JSON.stringify({ id: { equals: id } })
  for (const item of Object.values(document.paths))
    for (const op of Object.values(item)) {
      const cms = op['x-cms'] as { kind: string; collection?: string } | undefined
      if (!cms) continue
      const id = op.operationId
      const d = cms.collection ? docs[cms.collection] : undefined
      const set = (key: string, value: number | string | undefined) => {
        if (value !== undefined) values[`${id}.${key}`] = String(value)
      }
      switch (cms.kind) {
        case 'find':
        case 'count':
        case 'findDistinct':
          set('where', d && whereId(d.keep))
          break
        case 'findVersions':
          set('where', d && JSON.stringify({ parent: { equals: d.keep } }))
          break
        case 'findByID':
        case 'update':
        case 'endpoint':
        case 'duplicate':
        case 'docAccess':
        case 'lockStatus':
        case 'lockDocument':
        case 'unlockDocument':
          set('id', d?.keep)
          break
        case 'delete':
          set('id', d?.doomed)
          break
        case 'updateMany':
          set('where', d && whereId(d.keep))
          break
        case 'deleteMany':
          set('where', d && whereId(d.doomedMany))
          break
        case 'getFile':
          set('filename', files[cms.collection!])
          break
        case 'findVersionByID':
        case 'restoreVersion':
          set('id', versions[cms.collection!])
          break
        case 'v1GetOrder':
          set('order', orders?.get)
          break
        case 'v1CancelOrder':
          set('order', orders?.cancel)
          break
        case 'v1AdminShipOrder':
          set('order', orders?.ship)
          break
        case 'v1PaymentWebhook':
          set('order', orders?.pay)
          set('amount', orders?.payAmount)
          break
      }
    }
  return values
}
