import test from 'ava'
import { reviewOptions } from '../../server/config/check-options.ts'
import { decodeJwt } from 'jose'
import { defineConfig } from '../../server/config/define-config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { Config } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'

/**
 * The auth options of issue 20 about what tokens and cookies carry: `cookiePrefix`, `auth.cookies`,
 * `removeTokenFromResponses`, `auth.depth`, `saveToJWT` and custom `strategies`, through REST (contract-checked),
 * GraphQL and the Local API.
 */
const s = useServer(
  test,
  defineConfig({
    cookiePrefix: 'shop',
    collections: [
      { slug: 'teams', fields: [{ name: 'title', type: 'text' }] },
      {
        slug: 'members',
        auth: {
          cookies: { sameSite: 'None', domain: 'example.test' },
          removeTokenFromResponses: true,
          depth: 1,
          strategies: [
            {
              name: 'header-sso',
              authenticate: async ({ headers, cms }) => {
                const email = headers.get('x-sso-user')
                if (!email) return { user: null }
                if (email === 'boom@example.com') throw new Error('the SSO provider is down')
                const { docs } = await cms.find({
                  collection: 'members',
                  where: { email: { equals: email } },
                })
                return {
                  user: docs[0] ? { ...docs[0], collection: 'members' } : null,
                  responseHeaders: new Headers({ 'x-sso': 'checked' }),
                }
              },
            },
          ],
        },
        fields: [
          { name: 'role', type: 'select', options: ['admin', 'editor'], saveToJWT: true },
          { name: 'nickname', type: 'text', saveToJWT: 'nick' },
          { name: 'team', type: 'relationship', relationTo: 'teams' },
          {
            name: 'prefs',
            type: 'group',
            saveToJWT: true,
            fields: [
              { name: 'theme', type: 'text' },
              { name: 'secretNote', type: 'text', saveToJWT: false },
            ],
          },
          {
            name: 'meta',
            type: 'group',
            fields: [
              { name: 'plan', type: 'text', saveToJWT: true },
              { name: 'internal', type: 'text' },
            ],
          },
          {
            type: 'tabs',
            tabs: [{ name: 'profile', saveToJWT: 'p', fields: [{ name: 'city', type: 'text' }] }],
          },
        ],
        access: { read: ({ req }) => Boolean(req.user) },
      },
    ],
  }),
  async (cms) => {
    const team = await cms.create({ collection: 'teams', data: { title: 'Blue' } })
    const m = await cms.create({
      collection: 'members',
      data: {
        email: 'mia@example.com',
        password: 'mia-password',
        role: 'editor',
        nickname: 'mimi',
        team: team.id,
        prefs: { theme: 'dark', secretNote: 'x' },
        meta: { plan: 'pro', internal: 'y' },
        profile: { city: 'Lyon' },
      },
    })
    return { member: m.id as number, team: team.id as number }
  },
)

const login = () =>
  s.request('POST', '/api/members/login', {
    body: { email: 'mia@example.com', password: 'mia-password' },
  })
const tokenOf = (setCookie: string | null) => /^shop-token=([^;]+)/.exec(setCookie ?? '')![1]

test('cookiePrefix names the cookie; auth.cookies sets SameSite, Domain and Secure on login, refresh, logout', async (t) => {
  const r = await login()
  t.is(r.status, 200)
  const set = r.headers.get('set-cookie')!
  t.regex(
    set,
    /^shop-token=[\w.-]+; Path=\/; HttpOnly; SameSite=None; Max-Age=7200; Domain=example.test; Secure$/,
  )
  const token = tokenOf(set)
  // The cookie authenticates under its new name (a safe method needs no Origin).
  const me = await s.request('GET', '/api/members/me', {
    headers: { cookie: `shop-token=${token}` },
  })
  t.is(me.body.user.email, 'mia@example.com')
  t.is(
    (await s.request('GET', '/api/members/me', { headers: { cookie: `cms-token=${token}` } })).body
      .user,
    null,
  )
  const refreshed = await s.request('POST', '/api/members/refresh-token', {
    headers: { authorization: `Bearer ${token}` },
  })
  t.regex(
    refreshed.headers.get('set-cookie')!,
    /^shop-token=[\w.-]+; .*SameSite=None; .*Domain=example.test; Secure$/,
  )
  const out = await s.request('POST', '/api/members/logout', {
    headers: { authorization: `Bearer ${tokenOf(refreshed.headers.get('set-cookie'))}` },
  })
  t.regex(
    out.headers.get('set-cookie')!,
    /^shop-token=; Path=\/; HttpOnly; SameSite=None; Max-Age=0; Domain=example.test; Secure$/,
  )
  const doc = (await s.request('GET', '/api/openapi.json')).body
  t.is(doc.components.securitySchemes.cookieAuth.name, 'shop-token')
})

test('removeTokenFromResponses: login, me and refresh answer no token (REST and GraphQL); Local still does', async (t) => {
  const r = await login()
  t.false('token' in r.body)
  t.is(typeof r.body.exp, 'number')
  const token = tokenOf(r.headers.get('set-cookie'))
  const bearer = { authorization: `Bearer ${token}` }
  const me = await s.request('GET', '/api/members/me', { headers: bearer })
  t.false('token' in me.body)
  t.is(me.body.strategy, 'local-jwt')
  const refreshed = await s.request('POST', '/api/members/refresh-token', { headers: bearer })
  t.false('refreshedToken' in refreshed.body)
  const gql = await s.request('POST', '/api/graphql', {
    body: {
      query:
        'mutation { loginMember(email: "mia@example.com", password: "mia-password") { token exp } }',
    },
  })
  t.is(gql.body.data.loginMember.token, null)
  t.is(typeof gql.body.data.loginMember.exp, 'number')
  const local = await s.cms.login({
    collection: 'members',
    data: { email: 'mia@example.com', password: 'mia-password' },
  })
  t.is(typeof local.token, 'string')
})

test('saveToJWT: values, renamed claims, signed groups and tabs, lifted children, in the signed token', async (t) => {
  const { token } = await s.cms.login({
    collection: 'members',
    data: { email: 'mia@example.com', password: 'mia-password' },
  })
  const claims = decodeJwt(token)
  t.like(claims, {
    id: s.data.member,
    collection: 'members',
    role: 'editor',
    nick: 'mimi',
    prefs: { theme: 'dark' },
    plan: 'pro',
    p: { city: 'Lyon' },
  })
  t.false('nickname' in claims)
  t.false(
    'secretNote' in (claims.prefs as object),
    'saveToJWT: false leaves a child of a signed group out',
  )
  t.false('meta' in claims)
  t.false('internal' in claims)
  t.false('team' in claims)
  // Refresh signs the current values.
  await s.cms.update({ collection: 'members', id: s.data.member, data: { role: 'admin' } })
  const found = await s.cms.auth(token)
  const again = await s.cms.refreshToken({ collection: 'members', claims: found!.claims })
  t.is(decodeJwt(again.token).role, 'admin')
})

test('auth.depth populates relations of req.user', async (t) => {
  const { token } = await s.cms.login({
    collection: 'members',
    data: { email: 'mia@example.com', password: 'mia-password' },
  })
  const found = await s.cms.auth(token)
  t.deepEqual((found!.user.team as { title: string }).title, 'Blue')
})

test('a custom strategy authenticates REST, GraphQL and Local callers; one that throws is skipped (and logged)', async (t) => {
  const me = await s.request('GET', '/api/members/me', {
    headers: { 'x-sso-user': 'mia@example.com' },
  })
  t.like(me.body, { user: { email: 'mia@example.com' }, strategy: 'header-sso' })
  t.is(me.headers.get('x-sso'), 'checked')
  const gql = await s.request('POST', '/api/graphql', {
    headers: { 'x-sso-user': 'mia@example.com' },
    body: { query: '{ meMember { user { email } strategy } }' },
  })
  t.deepEqual(gql.body.data.meMember, {
    user: { email: 'mia@example.com' },
    strategy: 'header-sso',
  })
  // Access sees the strategy's user.
  const list = await s.request('GET', '/api/members', {
    headers: { 'x-sso-user': 'mia@example.com' },
  })
  t.is(list.body.totalDocs, 1)
  t.is((await s.request('GET', '/api/members')).status, 401)
  const failing = await s.request('GET', '/api/members/me', {
    headers: { 'x-sso-user': 'boom@example.com' },
  })
  t.is(failing.status, 200)
  t.is(failing.body.user, null)
  const local = await s.cms.authenticateHeaders({
    headers: new Headers({ 'x-sso-user': 'mia@example.com' }),
  })
  t.is(local.identity?.strategy, 'header-sso')
})

test('bad values of these options are refused at start, naming the option', (t) => {
  const withAuth =
    (auth: object, extra: Partial<Config> = {}, fields: object[] = []) =>
    () =>
      sanitizeConfig({ ...extra, collections: [{ slug: 'u', auth, fields }] } as Config)
  t.throws(withAuth({ cookies: { sameSite: 'sideways' } }), {
    message: /auth\.cookies\.sameSite must be "Strict", "Lax", "None"/,
  })
  // Any casing is taken, as browsers read the attribute (Payload's examples/auth writes 'none').
  for (const [given, canonical] of [
    ['none', 'None'],
    ['lax', 'Lax'],
    ['STRICT', 'Strict'],
  ] as const) {
    const config = withAuth({ cookies: { sameSite: given } })()
    const auth = config.collections[0].auth
    t.is(auth && auth.cookies.sameSite, canonical, given)
  }
  t.throws(withAuth({ cookies: { domain: 'a b' } }), {
    message: /auth\.cookies\.domain must be a host name/,
  })
  t.throws(withAuth({ depth: 11 }), {
    message: /auth\.depth must be an integer from 0 to maxDepth \(10\)/,
  })
  t.throws(withAuth({ useAPIKey: 'yes' }), { message: /auth\.useAPIKey must be true or false/ })
  t.throws(withAuth({ strategies: [{ name: 'x' }] }), {
    message: /auth\.strategies\[0\] must be \{ name: string, authenticate/,
  })
  t.throws(withAuth({}, { cookiePrefix: 'bad prefix' }), {
    message: /config\.cookiePrefix must be/,
  })
  t.throws(withAuth({ useAPIKey: true }, {}, [{ name: 'apiKey', type: 'text' }]), {
    message: /auth\.useAPIKey adds the fields enableAPIKey, apiKey and apiKeyIndex itself/,
  })
  t.throws(withAuth({}, {}, [{ name: 'who', type: 'text', saveToJWT: 'sid' }]), {
    message: /saveToJWT would overwrite the "sid" claim/,
  })
  // Inside a row it is taken and signs nothing, as in Payload (whose token takes no value out of a row);
  // check-config says so.
  const inRow = [
    { name: 'rows', type: 'array', fields: [{ name: 'x', type: 'text', saveToJWT: true }] },
  ]
  t.notThrows(withAuth({}, {}, inRow))
  const review = reviewOptions({ collections: [{ slug: 'u', auth: true, fields: inRow }] })
  t.deepEqual(review.refused, [])
  t.true(
    review.ignored.some((m) =>
      /\(x\)\.saveToJWT: inside an array or blocks row it signs nothing/.test(m),
    ),
  )
  t.throws(
    () =>
      sanitizeConfig({
        collections: [{ slug: 'p', fields: [{ name: 'x', type: 'text', saveToJWT: true }] }],
      }),
    { message: /saveToJWT only applies to the fields of an auth collection/ },
  )
  t.throws(
    () =>
      sanitizeConfig({
        collections: [
          {
            slug: 'u',
            auth: true,
            fields: [{ type: 'tabs', tabs: [{ saveToJWT: true, fields: [] }] }],
          },
        ],
      } as Config),
    { message: /saveToJWT only applies to a named tab/ },
  )
})
