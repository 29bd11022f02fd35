import test from 'ava'
import { PayloadSDKError } from '@payloadcms/sdk'
import { defineConfig } from '../../server/config/define-config.ts'
import { loggedInSdk } from '../helpers/payload-sdk.ts'
import { INVALID_HEADER, useServer } from '../helpers/http.ts'

/**
 * Issue 55, the wire behaviours that had drifted from Payload, through `@payloadcms/sdk` as published: a taken
 * unique value is Payload's 400 ValidationError "Value must be unique" on its path (not a 409), and a where on a
 * path no field has is Payload's QueryError with its exact message (the reason in `data`), and a create on a
 * drafts collection checks required fields unless it is a draft save (`draft: true`).
 */
const config = defineConfig({
  collections: [
    { slug: 'users', auth: true, fields: [] },
    {
      slug: 'tags',
      access: { read: () => true, create: ({ req }) => Boolean(req.user) },
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'slug', type: 'text', unique: true },
      ],
    },
    {
      slug: 'pages',
      versions: { drafts: true },
      access: { read: ({ req }) => Boolean(req.user), create: ({ req }) => Boolean(req.user) },
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'summary', type: 'text' },
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

const editor = () => loggedInSdk(s, 'editor@example.com', 'editor-password')

test('a taken unique value is Payload’s 400 "Value must be unique" on its path', async (t) => {
  const sdk = await editor()
  await sdk.create({ collection: 'tags', data: { name: 'News', slug: 'news' } })
  const error = await t.throwsAsync(
    sdk.create({ collection: 'tags', data: { name: 'News again', slug: 'news' } }),
    { instanceOf: PayloadSDKError },
  )
  t.is(error.status, 400)
  t.is(error.message, 'The following field is invalid: slug')
  const [first] = error.errors as unknown as { name: string; data: { errors: unknown[] } }[]
  t.is(first.name, 'ValidationError')
  t.deepEqual(first.data.errors, [{ message: 'Value must be unique', path: 'slug', label: 'slug' }])
  const found = await sdk.find({ collection: 'tags', where: { slug: { equals: 'news' } } })
  t.is(found.totalDocs, 1)
})

test('a where on an unknown path is Payload’s QueryError, its reason in data', async (t) => {
  const sdk = await editor()
  const error = await t.throwsAsync(
    sdk.find({ collection: 'tags', where: { missing: { equals: 1 } } }),
    { instanceOf: PayloadSDKError },
  )
  t.is(error.status, 400)
  t.is(error.message, 'The following path cannot be queried: missing')
  const [first] = error.errors as unknown as { name: string; data: { path: string }[] }[]
  t.is(first.name, 'QueryError')
  t.is(first.data[0].path, 'missing')
})

const onPurpose = { headers: { [INVALID_HEADER]: 'a page without its required title, on purpose' } }

test('a create without draft: true checks required fields on a drafts collection; a draft save does not', async (t) => {
  const sdk = await editor()
  for (const data of [{ summary: 'no title' }, { summary: 'no title', _status: 'draft' }]) {
    const error = await t.throwsAsync(sdk.create({ collection: 'pages', data }, onPurpose), {
      instanceOf: PayloadSDKError,
    })
    t.is(error.status, 400)
    t.is(error.message, 'The following field is invalid: title')
  }
  const draft = await sdk.create({
    collection: 'pages',
    data: { summary: 'no title' },
    draft: true,
  })
  t.is(draft._status, 'draft')
  t.is(draft.summary, 'no title')
  t.is(draft.title ?? null, null)
  const published = await t.throwsAsync(
    sdk.create({ collection: 'pages', data: { summary: 'x', _status: 'published' }, draft: true }),
    { instanceOf: PayloadSDKError },
  )
  t.is(published.status, 400)
  const found = await sdk.find({ collection: 'pages', draft: true })
  t.is(found.totalDocs, 1)
})
