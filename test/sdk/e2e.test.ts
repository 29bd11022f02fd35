import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import type { Config } from '../../server/config/types.ts'
import { CmsError, createClient } from '../../sdk/index.ts'
import { FindPostsDocument } from '../../generated/graphql/sdk/graphql.ts'
import { useServer } from '../helpers/http.ts'

/** A live server driven only through the SDK; every response it receives is checked against the contract. */
const config: Config = { ...exampleConfig, email: { sendEmail: () => {} } }
const s = useServer(test, config, async (cms) => {
  await cms.config.seed!(cms)
})
const client = () => createClient({ baseUrl: s.url, fetch: s.fetch })

test('login, CRUD with a nested where and depth, drafts, a global; errors are CmsError with the status', async (t) => {
  const cms = client()
  const denied = await t.throwsAsync(
    cms.collection('categories').create({ name: 'Nope', slug: 'nope' }),
  )
  t.true(denied instanceof CmsError)
  t.is((denied as CmsError).status, 401)

  const { user } = await cms
    .auth('users')
    .login({ email: 'admin@example.com', password: 'admin-password' })
  t.is(user.email, 'admin@example.com')
  const { doc: category } = await cms
    .collection('categories')
    .create({ name: 'SDK', slug: 'sdk-e2e' })
  const { doc: post } = await cms.collection('posts').create({
    title: 'From the SDK',
    slug: 'from-the-sdk',
    category: category.id,
    views: 7,
    _status: 'published',
  })
  const { docs } = await cms.collection('posts').find({
    where: {
      and: [
        { slug: { equals: 'from-the-sdk' } },
        { or: [{ views: { greater_than: 5 } }, { featured: { equals: true } }] },
      ],
    },
    depth: 1,
  })
  t.is(docs.length, 1)
  t.like(docs[0].category, { id: category.id, name: 'SDK' })
  t.is(
    (await cms.collection('posts').count({ where: { slug: { equals: 'from-the-sdk' } } }))
      .totalDocs,
    1,
  )

  await cms.collection('posts').update(post.id, { title: 'Draft from the SDK' }, { draft: true })
  t.is((await cms.collection('posts').findByID(post.id)).title, 'From the SDK')
  t.is(
    (await cms.collection('posts').findByID(post.id, { draft: true })).title,
    'Draft from the SDK',
  )

  const { result } = await cms.global('site-settings').update({ tagline: 'Typed all the way' })
  t.is(result.tagline, 'Typed all the way')
  t.is((await cms.global('site-settings').find()).tagline, 'Typed all the way')

  const missing = await t.throwsAsync(cms.collection('posts').findByID(99999999))
  t.is((missing as CmsError).status, 404)
  // A body the contract accepts and the server refuses (the slug is taken: Payload's 400 "Value must be unique"; an empty name is
  // refused by the contract itself since issue 31, and Prism would answer it first).
  const invalid = await t.throwsAsync(
    cms.collection('categories').create({ name: 'Twice', slug: 'sdk-e2e' }),
  )
  t.is((invalid as CmsError).status, 400)
  t.deepEqual(
    (
      (invalid as CmsError).body as { errors: { data: { errors: { path: string }[] } }[] }
    ).errors[0].data.errors.map((e) => e.path),
    ['slug'],
  )

  await cms.collection('posts').delete(post.id)
  await cms.collection('categories').delete(category.id)
  await cms.auth('users').logout()
  t.is(cms.token, undefined)
  t.is((await cms.auth('users').me()).user, null)
})

test('an order lifecycle through the SDK, including a 409', async (t) => {
  const member = client()
  await member.auth('users').login({ email: 'alice@example.com', password: 'alice-password' })
  const order = await member.orders.create({
    items: [{ product: 'Mug', quantity: 2, unit_price: 9.5 }],
  })
  t.like(order, { status: 'pending', total_amount: 19 })
  t.is((await member.orders.get(order.id)).id, order.id)
  t.true((await member.orders.list()).data.some((o) => o.id === order.id))
  const admin = client()
  await admin.auth('users').login({ email: 'admin@example.com', password: 'admin-password' })
  t.is((await admin.orders.admin.ship(order.id)).status, 'shipped')
  const conflict = await t.throwsAsync(member.orders.cancel(order.id))
  t.is((conflict as CmsError).status, 409)
  t.is(((conflict as CmsError).body as { title: string }).title, 'Conflict')
  const forbidden = await t.throwsAsync(member.orders.admin.list())
  t.is((forbidden as CmsError).status, 403)
  await member.orders.logout()
  t.is(((await t.throwsAsync(member.orders.list())) as CmsError).status, 401)
})

test('GraphQL through the SDK with a typed result', async (t) => {
  const cms = client()
  const data = await cms.graphql(FindPostsDocument, {
    limit: 2,
    sort: '-views',
    where: { status: { equals: 'published' } },
  })
  const first = data.Posts!.docs[0]
  const title: string | null = first.title
  t.is(typeof title, 'string')
  t.is(first.status, 'published')
  const bad = await t.throwsAsync(cms.graphql(FindPostsDocument, { limit: -1 }))
  t.is((bad as CmsError).status, 400)
})

test('the auth flows through the SDK: init, first-register refused once users exist, unlock', async (t) => {
  const cms = client()
  t.deepEqual(await cms.auth('users').init(), { initialized: true })
  const refused = await t.throwsAsync(
    cms.auth('users').registerFirstUser({
      email: 'first-sdk@example.com',
      password: 'first-password',
      name: 'First',
      roles: ['member'],
    }),
  )
  t.is((refused as CmsError).status, 403)
  // Lock bob out, then unlock him as the admin.
  for (let i = 0; i < 5; i++) {
    const failed = await t.throwsAsync(
      client().auth('users').login({ email: 'bob@example.com', password: 'wrong-password' }),
    )
    t.is((failed as CmsError).status, 401)
  }
  const locked = await t.throwsAsync(
    client().auth('users').login({ email: 'bob@example.com', password: 'bob-password' }),
  )
  t.is((locked as CmsError).status, 401)
  await cms.auth('users').login({ email: 'admin@example.com', password: 'admin-password' })
  t.deepEqual(await cms.auth('users').unlock('bob@example.com'), { message: 'Success' })
  const { user } = await client()
    .auth('users')
    .login({ email: 'bob@example.com', password: 'bob-password' })
  t.is(user.email, 'bob@example.com')
  t.throws(() => cms.auth('users').verifyEmail('x'), {
    message: 'Collection "users" does not verify emails (auth.verify is off).',
  })
})

test('the facade wraps versions, duplicate, distinct and access (issue 19)', async (t) => {
  const cms = client()
  await cms.auth('users').login({ email: 'admin@example.com', password: 'admin-password' })
  const { doc: category } = await cms
    .collection('categories')
    .create({ name: 'Facade', slug: 'facade-19' })
  const { doc: post } = await cms.collection('posts').create({
    title: 'Versioned',
    slug: 'facade-versioned',
    category: category.id,
    _status: 'published',
  })
  await cms.collection('posts').update(post.id, { title: 'Versioned, edited' })
  const versions = await cms
    .collection('posts')
    .findVersions({ where: { parent: { equals: post.id } }, sort: 'createdAt' })
  t.is(versions.totalDocs, 2)
  t.is(versions.docs[0].version?.title, 'Versioned')
  const first = await cms.collection('posts').findVersionByID(versions.docs[0].id)
  t.is(first.version?.title, 'Versioned')
  const restored = await cms.collection('posts').restoreVersion(first.id)
  t.is(restored.title, 'Versioned')

  const { doc: copy, message } = await cms
    .collection('posts')
    .duplicate(post.id, { slug: 'facade-versioned-copy' })
  t.not(copy.id, post.id)
  t.is(copy.title, 'Versioned')
  t.is(copy.slug, 'facade-versioned-copy')
  t.regex(message, /successfully duplicated/)

  const distinct = await cms
    .collection('posts')
    .findDistinct('slug', { where: { slug: { like: 'facade-versioned' } } })
  t.deepEqual(
    distinct.values.map((v) => v.slug),
    ['facade-versioned', 'facade-versioned-copy'],
  )

  const permissions = await cms.access()
  t.is(permissions.collections?.posts?.create, true)
  const onPost = await cms.collection('posts').docAccess(post.id)
  t.truthy(onPost.update)
  const onSettings = await cms.global('site-settings').docAccess()
  t.truthy(onSettings.update)
  t.throws(() => cms.global('site-settings').findVersions(), {
    message: 'Global "site-settings" keeps no versions.',
  })
})

test('bulk updateMany and deleteMany by where, each document under the caller’s access', async (t) => {
  const admin = client()
  await admin.auth('users').login({ email: 'admin@example.com', password: 'admin-password' })
  const made = await Promise.all(
    ['bulk-a', 'bulk-b', 'bulk-c'].map(
      async (slug) => (await admin.collection('posts').create({ title: slug, slug })).doc.id,
    ),
  )
  const where = { slug: { in: ['bulk-a', 'bulk-b'] } }
  const updated = await admin.collection('posts').updateMany(where, { views: 42 })
  t.deepEqual(
    updated.docs.map((d) => d.views),
    [42, 42],
  )
  t.deepEqual(updated.errors, [])
  t.is((await admin.collection('posts').findByID(made[2], { draft: true })).views, 0)

  // A member may not delete posts: the bulk delete reports each document refused and deletes none.
  const member = client()
  await member.auth('users').login({ email: 'alice@example.com', password: 'alice-password' })
  const refused = await member
    .collection('posts')
    .deleteMany(where)
    .catch((e: CmsError) => e)
  t.true(refused instanceof CmsError && refused.status === 403)
  t.is((await admin.collection('posts').count({ where, draft: true })).totalDocs, 2)

  const deleted = await admin.collection('posts').deleteMany(where)
  t.deepEqual(deleted.docs.map((d) => d.slug).sort(), ['bulk-a', 'bulk-b'])
  t.is((await admin.collection('posts').count({ where, draft: true })).totalDocs, 0)
})

test('formState: which conditional fields apply to a form, at the top and in block rows', async (t) => {
  const admin = client()
  await admin.auth('users').login({ email: 'admin@example.com', password: 'admin-password' })
  const layout = [
    { blockType: 'quote', quote: 'To be.' },
    { blockType: 'quote', quote: '' },
  ]
  const draft = await admin
    .collection('posts')
    .formState({ status: 'draft', layout }, { operation: 'create' })
  t.deepEqual(draft.conditions, {
    publishedAt: false,
    'layout.0.attribution': true,
    'layout.1.attribution': false,
  })
  const published = await admin.collection('posts').formState({ status: 'published' })
  t.deepEqual(published.conditions, { publishedAt: true })
  t.throws(() => admin.collection('categories').formState({}), {
    message: 'Collection "categories" has no conditional fields.',
  })
  const denied = await t.throwsAsync(client().collection('posts').formState({}))
  t.is((denied as CmsError).status, 401)
})
