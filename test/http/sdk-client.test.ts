import test from 'ava'
import { client } from '../../generated/openapi/client.gen.ts'
import {
  countPosts,
  findPostById,
  findPosts,
  findSiteSetting,
  health,
} from '../../generated/openapi/sdk.gen.ts'
import type {
  CategoryWhere,
  OrderWhere,
  PostSelect,
  PostVersionWhere,
  PostWhere,
  TrackingWhere,
  UserWhere,
} from '../../generated/openapi/types.gen.ts'
import exampleConfig from '../../cms.config.ts'
import { useServer } from '../helpers/http.ts'

/** The committed, generated REST client against the example app's server (seeded with the example data). */

/** where, select and populate are JSON-text parameters: the object is checked against its generated type. */
const json = <T>(value: T): string => JSON.stringify(value)
const s = useServer(test, { ...exampleConfig, email: { sendEmail: () => {} } }, async (cms) => {
  await cms.config.seed!(cms)
})

test.serial(
  'the generated client lists, filters with a nested where, reads by id, counts and reads a global',
  async (t) => {
    client.setConfig({ baseUrl: `${s.url}/api`, fetch: s.fetch })
    t.deepEqual((await health()).data, { status: 'ok' })
    const where = {
      and: [
        { status: { equals: 'published' as const } },
        { or: [{ views: { greater_than: 500 } }, { featured: { equals: true } }] },
      ],
    }
    const list = await findPosts({
      query: { where: json<PostWhere>(where), limit: 100, depth: 0, sort: '-views' },
    })
    t.is(list.response?.status, 200)
    const docs = list.data!.docs
    t.true(docs.length > 0)
    t.true(
      docs.every((p) => p.status === 'published' && ((p.views ?? 0) > 500 || p.featured === true)),
    )
    const direct = await s.cms.count({ collection: 'posts', where, overrideAccess: false })
    t.is(list.data!.totalDocs, direct.totalDocs)

    const one = await findPostById({
      path: { id: docs[0].id },
      query: { depth: 1, select: json<PostSelect>({ title: true, category: true }) },
    })
    t.deepEqual(Object.keys(one.data!).sort(), ['category', 'id', 'title'])
    t.is(typeof one.data!.category, 'object')

    const count = await countPosts({
      query: { where: json<PostWhere>({ status: { equals: 'published' } }) },
    })
    t.is(
      count.data!.totalDocs,
      (
        await s.cms.count({
          collection: 'posts',
          where: { status: { equals: 'published' } },
          overrideAccess: false,
        })
      ).totalDocs,
    )

    const settings = await findSiteSetting()
    t.is(settings.data!.globalType, 'site-settings')

    const missing = await findPostById({ path: { id: 999999 } })
    t.is(missing.response?.status, 404)
    t.is(missing.error!.errors[0].name, 'NotFound')
  },
)

test.serial(
  'the generated client runs every content operation, logged in through the SDK itself',
  async (t) => {
    const sdk = await import('../../generated/openapi/sdk.gen.ts')
    client.setConfig({ baseUrl: `${s.url}/api`, fetch: s.fetch, headers: {} })
    const login = await sdk.loginUser({
      body: { email: 'admin@example.com', password: 'admin-password' },
    })
    t.is(login.response?.status, 200)
    const token = login.data!.token
    client.setConfig({
      baseUrl: `${s.url}/api`,
      fetch: s.fetch,
      headers: { authorization: `Bearer ${token}` },
    })
    const ok = (r: { response?: Response; error?: unknown }, status = 200) =>
      t.is(r.response?.status, status, JSON.stringify(r.error))

    ok(await sdk.meUser())
    const refreshed = await sdk.refreshTokenUser()
    ok(refreshed)

    // Users (an auth collection): create with a password, read, update, bulk, delete.
    const user = await sdk.createUser({
      body: { email: 'sdk@example.com', password: 'sdk-password', name: 'SDK', roles: ['member'] },
    })
    ok(user, 201)
    const userId = user.data!.doc.id
    ok(await sdk.findUsers({ query: { where: json<UserWhere>({ email: { like: 'sdk' } }) } }))
    ok(await sdk.countUsers())
    ok(await sdk.findUserById({ path: { id: userId } }))
    ok(await sdk.updateUser({ path: { id: userId }, body: { name: 'SDK user' } }))
    ok(
      await sdk.updateUsers({
        query: { where: json<UserWhere>({ email: { equals: 'sdk@example.com' } }) },
        body: { name: 'Bulk' },
      }),
    )

    // Categories and posts: every operation, drafts and versions included.
    const cat = await sdk.createCategory({ body: { name: 'SDK', slug: 'sdk' } })
    ok(cat, 201)
    const catId = cat.data!.doc.id
    ok(
      await sdk.findCategories({
        query: {
          where: json<CategoryWhere>({
            or: [{ slug: { equals: 'sdk' } }, { name: { like: 'nothing' } }],
          }),
        },
      }),
    )
    ok(await sdk.countCategories())
    ok(await sdk.findCategoryById({ path: { id: catId } }))
    ok(await sdk.updateCategory({ path: { id: catId }, body: { description: 'Made by the SDK' } }))
    ok(
      await sdk.updateCategories({
        query: { where: json<CategoryWhere>({ slug: { equals: 'sdk' } }) },
        body: { description: 'Bulk' },
      }),
    )
    const post = await sdk.createPost({
      body: { title: 'SDK post', slug: 'sdk-post', category: catId, _status: 'published' },
    })
    ok(post, 201)
    const postId = post.data!.doc.id
    ok(
      await sdk.updatePost({
        path: { id: postId },
        query: { draft: true },
        body: { title: 'SDK draft' },
      }),
    )
    t.is((await sdk.findPostById({ path: { id: postId } })).data!.title, 'SDK post')
    t.is(
      (await sdk.findPostById({ path: { id: postId }, query: { draft: true } })).data!.title,
      'SDK draft',
    )
    const versions = await sdk.findPostVersions({
      query: { where: json<PostVersionWhere>({ parent: { equals: postId } }), depth: 0 },
    })
    ok(versions)
    ok(await sdk.findPostVersionById({ path: { id: versions.data!.docs[1].id } }))
    ok(await sdk.restorePostVersion({ path: { id: versions.data!.docs[1].id } }))
    ok(
      await sdk.updatePosts({
        query: { where: json<PostWhere>({ slug: { equals: 'sdk-post' } }) },
        body: { excerpt: 'Bulk' },
      }),
    )

    // Tracking, with the seed's custom endpoint; orders; the global.
    const tracking = await sdk.createTracking({ body: { label: 'SDK parcel' } })
    ok(tracking, 201)
    const trackingId = tracking.data!.doc.id
    const recorded = await sdk.recordTrackingEvent({
      path: { id: String(trackingId) },
      body: { status: 'in_transit', lastEvent: 'Left the depot' },
    })
    ok(recorded)
    t.is((await sdk.findTrackingById({ path: { id: trackingId } })).data!.status, 'in_transit')
    ok(await sdk.findAllTracking())
    ok(await sdk.countAllTracking())
    ok(await sdk.updateTracking({ path: { id: trackingId }, body: { events: 1 } }))
    ok(
      await sdk.updateAllTracking({
        query: { where: json<TrackingWhere>({ id: { equals: trackingId } }) },
        body: { events: 2 },
      }),
    )
    const order = await sdk.createOrder({
      body: { user: userId, items: [{ product: 'Book', quantity: 1, unit_price: 12 }] },
    })
    ok(order, 201)
    ok(await sdk.findOrders())
    ok(await sdk.countOrders())
    ok(await sdk.findOrderById({ path: { id: order.data!.doc.id } }))
    ok(await sdk.updateOrder({ path: { id: order.data!.doc.id }, body: { status: 'paid' } }))
    ok(
      await sdk.updateOrders({
        query: { where: json<OrderWhere>({ id: { equals: order.data!.doc.id } }) },
        body: { status: 'shipped' },
      }),
    )
    ok(await sdk.updateSiteSetting({ body: { tagline: 'Set by the SDK' } }))
    t.is((await sdk.findSiteSetting()).data!.tagline, 'Set by the SDK')

    // Deletes, one by id and one by where, for each collection.
    ok(await sdk.deleteOrder({ path: { id: order.data!.doc.id } }))
    ok(await sdk.deleteOrders({ query: { where: json<OrderWhere>({ user: { equals: userId } }) } }))
    ok(await sdk.deleteTracking({ path: { id: trackingId } }))
    ok(
      await sdk.deleteAllTracking({
        query: { where: json<TrackingWhere>({ label: { equals: 'SDK parcel' } }) },
      }),
    )
    ok(await sdk.deletePost({ path: { id: postId } }))
    ok(
      await sdk.deletePosts({
        query: { where: json<PostWhere>({ slug: { equals: 'sdk-post' } }) },
      }),
    )
    ok(await sdk.deleteCategory({ path: { id: catId } }))
    ok(
      await sdk.deleteCategories({
        query: { where: json<CategoryWhere>({ slug: { equals: 'sdk' } }) },
      }),
    )
    ok(await sdk.deleteUser({ path: { id: userId } }))
    ok(
      await sdk.deleteUsers({
        query: { where: json<UserWhere>({ email: { equals: 'sdk@example.com' } }) },
      }),
    )

    // Password reset and logout.
    client.setConfig({ baseUrl: `${s.url}/api`, fetch: s.fetch, headers: {} })
    ok(await sdk.forgotPasswordUser({ body: { email: 'bob@example.com' } }))
    const resetToken = await s.cms.forgotPassword({
      collection: 'users',
      data: { email: 'bob@example.com' },
    })
    ok(await sdk.resetPasswordUser({ body: { token: resetToken!, password: 'bob-new-password' } }))
    client.setConfig({
      baseUrl: `${s.url}/api`,
      fetch: s.fetch,
      headers: { authorization: `Bearer ${refreshed.data!.refreshedToken}` },
    })
    ok(await sdk.logoutUser())
    t.is((await sdk.meUser()).response?.status, 401)
    client.setConfig({ baseUrl: `${s.url}/api`, fetch: s.fetch, headers: {} })
  },
)
