import test from 'ava'
import { PayloadSDK } from '@payloadcms/sdk'
import { defineConfig } from '../../server/config/define-config.ts'
import { loggedInSdk } from '../helpers/payload-sdk.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Payload's own REST client, `@payloadcms/sdk` as published (unchanged), against a real server: it builds its
 * requests with Payload's query syntax (`qs` brackets) and unwraps Payload's bodies, so a call that works here works
 * for a project moving from Payload. Every response it receives is checked against the contract (`s.fetch`).
 * One section per feature of issue 19.
 */
const config = defineConfig({
  collections: [
    { slug: 'users', auth: true, fields: [] },
    {
      slug: 'pages',
      versions: { drafts: true },
      access: { read: () => true },
      fields: [{ name: 'title', type: 'text', required: true }],
    },
  ],
  globals: [
    {
      slug: 'site-settings',
      versions: { drafts: true },
      access: { read: () => true },
      fields: [
        { name: 'siteName', type: 'text' },
        { name: 'tagline', type: 'text' },
      ],
    },
  ],
})

const s = useServer(test, config, async (cms) => {
  await cms.create({
    collection: 'users',
    data: { email: 'editor@example.com', password: 'editor-password' },
  })
})

/** A client logged in as the editor, with Payload's `Authorization: JWT <token>` header. */
let client: Promise<PayloadSDK<any>> | undefined
const sdk = () => (client ??= loggedInSdk(s, 'editor@example.com', 'editor-password'))

// ---- versions (issue 19, items 1 to 3) -------------------------------------------------------------------

test.serial(
  'versions: findGlobalVersions, findGlobalVersionByID and restoreGlobalVersion',
  async (t) => {
    const api = await sdk()
    await api.updateGlobal({
      slug: 'site-settings',
      data: { siteName: 'Live', tagline: 'first', _status: 'published' },
    })
    await api.updateGlobal({ slug: 'site-settings', data: { tagline: 'second' } })

    const list = await api.findGlobalVersions({
      slug: 'site-settings',
      limit: 5,
      sort: '-createdAt',
    })
    t.is(list.totalDocs, 2)
    t.is(list.limit, 5)
    t.deepEqual(
      list.docs.map((d: any) => d.version.tagline),
      ['second', 'first'],
    )
    const filtered = await api.findGlobalVersions({
      slug: 'site-settings',
      where: { 'version.tagline': { equals: 'first' } },
    })
    t.deepEqual(
      filtered.docs.map((d: any) => d.version.tagline),
      ['first'],
    )

    const first = list.docs[1]
    const one = await api.findGlobalVersionByID({ slug: 'site-settings', id: first.id })
    t.is(one.id, first.id)
    t.is((one.version as any).tagline, 'first')
    t.is(
      await api.findGlobalVersionByID({ slug: 'site-settings', id: 999999, disableErrors: true }),
      null,
    )

    // The SDK unwraps Payload's `{ doc, message }` of a restored global.
    const restored = await api.restoreGlobalVersion({ slug: 'site-settings', id: first.id })
    t.like(restored, { siteName: 'Live', tagline: 'first', globalType: 'site-settings' })
    t.like(await api.findGlobal({ slug: 'site-settings' }), { tagline: 'first' })
    t.is((await api.findGlobalVersions({ slug: 'site-settings' })).totalDocs, 3)
  },
)

test.serial(
  'versions: findVersions, findVersionByID and restoreVersion of a collection',
  async (t) => {
    const api = await sdk()
    const doc = await api.create({
      collection: 'pages',
      data: { title: 'One', _status: 'published' },
    })
    await api.update({ collection: 'pages', id: doc.id, data: { title: 'Two' } })
    const list = await api.findVersions({
      collection: 'pages',
      where: { parent: { equals: doc.id } },
      sort: 'createdAt',
    })
    t.deepEqual(
      list.docs.map((d: any) => d.version.title),
      ['One', 'Two'],
    )
    const one = await api.findVersionByID({ collection: 'pages', id: list.docs[0].id })
    t.is((one.version as any).title, 'One')
    // A restored document comes back whole, with the message spread beside its fields (Payload's shape).
    const restored = (await api.restoreVersion({ collection: 'pages', id: list.docs[0].id })) as any
    t.is(restored.id, doc.id)
    t.is(restored.title, 'One')
    t.is(restored.message, 'Restored Successfully.')
    t.is((await api.findByID({ collection: 'pages', id: doc.id })).title, 'One')
  },
)

test('versions: a caller without readVersions gets Payload SDK errors with the status', async (t) => {
  const anonymous = new PayloadSDK<any>({ baseURL: `${s.url}/api`, fetch: s.fetch })
  const error = (await t.throwsAsync(
    anonymous.findGlobalVersions({ slug: 'site-settings' }),
  )) as Error & { status?: number }
  t.is(error.status, 401)
})
