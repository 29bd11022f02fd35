import test from 'ava'
import { PayloadSDKError } from '@payloadcms/sdk'
import { defineConfig } from '../../server/config/define-config.ts'
import { loggedInSdk } from '../helpers/payload-sdk.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Issue 55, the wire behaviours that had drifted from Payload, through `@payloadcms/sdk` as published: a taken
 * unique value is Payload's 400 ValidationError "Value must be unique" on its path (not a 409), and a where on a
 * path no field has is Payload's QueryError with its exact message (the reason in `data`).
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
