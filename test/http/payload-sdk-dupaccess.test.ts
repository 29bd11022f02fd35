import test from 'ava'
import { PayloadSDK, PayloadSDKError } from '@payloadcms/sdk'
import { dupAccessConfig, seedDupAccess } from '../fixtures/dupaccess.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Payload's own REST client, unchanged (`@payloadcms/sdk` 3.90.1), against a real server: its generic `request`
 * calls the duplicate and access routes, which it has no method for. Every answer goes through the contract check.
 */
const s = useServer(test, dupAccessConfig, seedDupAccess)

async function sdkAs(role?: 'admin' | 'editor') {
  let headers: Record<string, string> = {}
  if (role) {
    const anonymous = new PayloadSDK({ baseURL: `${s.url}/api`, fetch: s.fetch })
    const { token } = await anonymous.login({
      collection: 'members',
      data: { email: `${role}@example.com`, password: `${role}-password` },
    } as never)
    headers = { Authorization: `JWT ${token}` }
  }
  return new PayloadSDK({ baseURL: `${s.url}/api`, baseInit: { headers }, fetch: s.fetch })
}

test('duplicate: POST /articles/{id}/duplicate with overrides, depth and locale as the SDK encodes them', async (t) => {
  const sdk = await sdkAs('editor')
  const res = await sdk.request({
    method: 'POST',
    path: `/articles/${s.data.article.id}/duplicate`,
    json: { slug: 'sdk-copy' },
    args: { depth: 0, locale: 'fr' },
  })
  t.is(res.status, 200)
  const body = await res.json()
  t.is(body.message, 'Article successfully duplicated.')
  t.like(body.doc, { slug: 'sdk-copy', title: 'Bonjour', counter: 0, _status: 'draft' })
  // The copy is a real document the SDK reads back.
  const read = await sdk.findByID({
    collection: 'articles',
    id: body.doc.id,
    draft: true,
    depth: 0,
  } as never)
  t.like(read, { slug: 'sdk-copy', title: 'Hello' })
})

test('duplicate errors reach the SDK as PayloadSDKError with the status and message', async (t) => {
  const sdk = await sdkAs('editor')
  const error = await t.throwsAsync(
    sdk.request({ method: 'POST', path: `/articles/${s.data.adminArticle.id}/duplicate` }),
  )
  t.true(error instanceof PayloadSDKError)
  t.is((error as PayloadSDKError).status, 403)
  const anonymous = await sdkAs()
  const unauthorized = (await t.throwsAsync(
    anonymous.request({ method: 'POST', path: `/articles/${s.data.article.id}/duplicate` }),
  )) as PayloadSDKError
  t.is(unauthorized.status, 401)
})

test('access: GET /access and POST /articles/access/{id}, /globals/settings/access', async (t) => {
  const sdk = await sdkAs('editor')
  const all = await (await sdk.request({ method: 'GET', path: '/access' })).json()
  const where = { owner: { equals: s.data.editor.id } }
  t.like(all.collections.articles, { create: true, read: { permission: true, where } })
  t.deepEqual(all.collections.tags, {
    create: true,
    read: true,
    update: true,
    delete: true,
    fields: true,
  })
  const own = await (
    await sdk.request({ method: 'POST', path: `/articles/access/${s.data.article.id}` })
  ).json()
  t.deepEqual(own.update, { permission: true, where })
  // A document the caller may not read: 404, as a missing one (issue 30, finding 9).
  const other = await t.throwsAsync(
    sdk.request({
      method: 'POST',
      path: `/articles/access/${s.data.adminArticle.id}`,
      json: { title: 'x' },
    }),
  )
  t.is((other as Error & { status?: number }).status, 404)
  const admin = await sdkAs('admin')
  const global = await (
    await admin.request({ method: 'POST', path: '/globals/settings/access' })
  ).json()
  t.deepEqual(global, { read: true, update: true, fields: true })
})
