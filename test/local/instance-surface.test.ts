/**
 * Issue 55, blocker 8: the instance surface Payload projects and plugins read. `payload.auth({ headers })` answers
 * `{ user, permissions }` as Payload 3's auth operation (a refused credential reads as no user);
 * `payload.collections[slug].config` is the sanitised collection; `payload.db.defaultIDType` says the ids'
 * type. The token form of `auth` (this CMS's) still answers the user and claims.
 */
import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import { useCms } from '../helpers/db.ts'

const state = useCms(
  test,
  defineConfig({
    collections: [
      {
        slug: 'users',
        auth: true,
        access: { update: ({ req }) => req.user?.role === 'admin' },
        fields: [{ name: 'role', type: 'select', options: ['admin', 'member'] }],
      },
      { slug: 'posts', access: { create: ({ req }) => Boolean(req.user) }, fields: [] },
    ],
  }),
)

/** One operation's permission in Payload's REST form (`true`, `{ permission, where }`, or left out when denied). */
const may = (permissions: { collections?: Record<string, unknown> }, slug: string, op: string) =>
  (permissions.collections?.[slug] as Record<string, unknown> | undefined)?.[op]

test('payload.auth({ headers }) answers the caller and their permissions, as Payload', async (t) => {
  const { cms } = state
  await cms.create({
    collection: 'users',
    data: { email: 'ann@example.com', password: 'ann-password', role: 'member' },
  })
  const { token } = await cms.login({
    collection: 'users',
    data: { email: 'ann@example.com', password: 'ann-password' },
  })
  const found = await cms.auth({ headers: new Headers({ authorization: `JWT ${token}` }) })
  t.is(found.user?.email, 'ann@example.com')
  t.truthy(may(found.permissions, 'posts', 'create'))
  t.falsy(may(found.permissions, 'users', 'update'), 'a member may not update users')
  // A plain object of headers, as plugins pass req.headers along; the cookie form too.
  const byCookie = await cms.auth({ headers: { cookie: `cms-token=${token}` } })
  t.is(byCookie.user?.email, 'ann@example.com')
  const anonymous = await cms.auth({ headers: new Headers() })
  t.is(anonymous.user, null)
  t.falsy(may(anonymous.permissions, 'posts', 'create'))
  const refused = await cms.auth({ headers: { authorization: 'Bearer not-a-token' } })
  t.is(refused.user, null)
  // This CMS's own token form.
  const claims = await cms.auth(token!)
  t.is(claims?.user.email, 'ann@example.com')
  t.is(claims?.claims.collection, 'users')
})

test('payload.collections[slug].config and payload.db.defaultIDType', (t) => {
  const { cms } = state
  t.is(cms.collections.posts.config.slug, 'posts')
  t.is(cms.collections.users.config.auth && cms.collections.users.config.auth.tokenExpiration, 7200)
  t.deepEqual(Object.keys(cms.collections).sort(), cms.config.collections.map((c) => c.slug).sort())
  t.is(cms.db.defaultIDType, 'number')
})
