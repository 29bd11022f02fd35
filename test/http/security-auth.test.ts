import test from 'ava'
import { passwords, securityConfig, seedSecurity } from '../fixtures/security.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Issue 30, findings 1 and 2, over REST and GraphQL against the attacker's app (test/fixtures/security.ts):
 * an unverified account authenticates by no strategy and cannot verify itself or arm an API key; the auth
 * answers (login, me, refresh-token) leave out what the user may not read, as `GET /api/users/<id>` does.
 */
const s = useServer(
  test,
  {
    ...securityConfig,
    rateLimit: {
      login: { max: 1000, windowMs: 60_000 },
      forgotPassword: { max: 1000, windowMs: 60_000 },
    },
  },
  seedSecurity,
)

const KEY = 'attacker-key-0123456789-abcdefghijklmnop'
const OTHER_KEY = 'second-key-of-the-attacker-0123456789abcd'
const apiKey = (key: string) => ({ authorization: `users API-Key ${key}` })
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const gql = async (query: string, headers: Record<string, string> = {}) =>
  (await s.request('POST', '/api/graphql', { body: { query }, headers })).body

async function login(name: keyof typeof passwords) {
  const res = await s.request('POST', '/api/users/login', {
    body: { email: `${name}@example.com`, password: passwords[name] },
  })
  if (res.status !== 200) throw new Error(`login of ${name}: ${res.status} ${res.text}`)
  return res.body as { token: string; user: Record<string, any> }
}

test.serial(
  '#1 an anonymous sign-up with enableAPIKey, apiKey and _verified gets no key, stays unverified, and authenticates nowhere',
  async (t) => {
    const signUp = await s.request('POST', '/api/users', {
      body: {
        email: 'eve@example.com',
        password: 'eve-password',
        enableAPIKey: true,
        apiKey: KEY,
        _verified: true,
      },
    })
    t.is(signUp.status, 201)
    t.false(signUp.body.doc.enableAPIKey)
    t.false('apiKey' in signUp.body.doc)
    const [row] = await s.cms.db.all<Record<string, unknown>>(
      'SELECT * FROM users WHERE email = ?',
      ['eve@example.com'],
    )
    t.is(Number(row._verified), 0)
    t.is(row.apiKeyIndex, null)
    t.is(Number(row.enableAPIKey), 0)

    const me = await s.request('GET', '/api/users/me', { headers: apiKey(KEY) })
    t.is(me.status, 401)
    const patch = await s.request('PATCH', `/api/users/${signUp.body.doc.id}`, {
      headers: apiKey(KEY),
      body: { _verified: true },
    })
    t.is(patch.status, 401)
    const gqlMe = await s.request('POST', '/api/graphql', {
      body: { query: '{ meUser { user { email } } }' },
      headers: apiKey(KEY),
    })
    t.is(gqlMe.status, 401)
    const refused = await s.request('POST', '/api/users/login', {
      body: { email: 'eve@example.com', password: 'eve-password' },
    })
    t.is(refused.status, 403)
    t.is(refused.body.errors[0].name, 'UnverifiedEmail')
  },
)

test.serial(
  '#1 a key armed by a trusted caller on an unverified account is refused until the account is verified',
  async (t) => {
    const eve = await s.cms.create({
      collection: 'users',
      data: { email: 'mallory@example.com', password: 'mallory-password' },
      disableVerificationEmail: true,
    })
    await s.cms.update({
      collection: 'users',
      id: eve.id,
      data: { enableAPIKey: true, apiKey: OTHER_KEY },
    })
    const refused = await s.request('GET', '/api/users/me', { headers: apiKey(OTHER_KEY) })
    t.is(refused.status, 401)
    t.is(refused.body.errors[0].message, 'The API key is unknown or disabled.')

    // Only a caller who may update every account (here the admin) verifies it outside the verify flow.
    const alice = await login('alice')
    const own = await s.request('PATCH', `/api/users/${s.data.alice.id}`, {
      headers: bearer(alice.token),
      body: { _verified: false, enableAPIKey: true, name: 'alice' },
    })
    t.is(own.status, 200)
    t.is(own.body.doc._verified, true, 'a member cannot change her own _verified')
    t.true(own.body.doc.enableAPIKey, 'a member may arm her own key (update access applies)')
    const admin = await login('admin')
    const verified = await s.request('PATCH', `/api/users/${eve.id}`, {
      headers: bearer(admin.token),
      body: { _verified: true },
    })
    t.is(verified.body.doc._verified, true)
    const me = await s.request('GET', '/api/users/me', { headers: apiKey(OTHER_KEY) })
    t.is(me.status, 200)
    t.is(me.body.user.email, 'mallory@example.com')
    t.is(me.body.strategy, 'api-key')
  },
)

test.serial('#1 a token issued before the account became unverified stops working', async (t) => {
  const bob = await login('bob')
  t.is((await s.request('GET', '/api/users/me', { headers: bearer(bob.token) })).status, 200)
  await s.cms.update({ collection: 'users', id: s.data.bob.id, data: { _verified: false } })
  const me = await s.request('GET', '/api/users/me', { headers: bearer(bob.token) })
  t.is(me.status, 401)
  const gqlMe = await s.request('POST', '/api/graphql', {
    body: { query: '{ meUser { user { email } } }' },
    headers: bearer(bob.token),
  })
  t.is(gqlMe.status, 401)
  await s.cms.update({ collection: 'users', id: s.data.bob.id, data: { _verified: true } })
  t.is((await s.request('GET', '/api/users/me', { headers: bearer(bob.token) })).status, 200)
})

/** Every key of a user answer, and of its joined tickets, that a member may not read. */
function hidden(user: Record<string, any>): string[] {
  const found: string[] = []
  if ('adminNote' in user) found.push('adminNote')
  for (const ticket of user.tickets?.docs ?? [])
    if (typeof ticket === 'object' && 'secretNote' in ticket) found.push('tickets.secretNote')
  return found
}

test.serial(
  '#2 login, me and refresh-token answer what GET /api/users/<id> answers a member: no admin-only field, in joins neither',
  async (t) => {
    const alice = await login('alice')
    const byId = await s.request('GET', `/api/users/${s.data.alice.id}`, {
      headers: bearer(alice.token),
    })
    t.deepEqual(hidden(byId.body), [])
    t.true(byId.body.tickets.docs.length > 0)
    t.deepEqual(hidden(alice.user), [])
    t.true(alice.user.tickets.docs.length > 0)
    t.is(alice.user.tickets.docs[0].title !== undefined, true)
    const me = await s.request('GET', '/api/users/me', { headers: bearer(alice.token) })
    t.deepEqual(hidden(me.body.user), [])
    t.deepEqual(Object.keys(me.body.user).sort(), Object.keys(byId.body).sort())
    const refreshed = await s.request('POST', '/api/users/refresh-token', {
      headers: bearer(alice.token),
    })
    t.is(refreshed.status, 200)
    t.deepEqual(hidden(refreshed.body.user), [])
    // Read as the user: the admin reads her own note, and the tickets' notes.
    const admin = await login('admin')
    t.is(admin.user.adminNote, 'note-admin')
    const adminMe = await s.request('GET', '/api/users/me', { headers: bearer(admin.token) })
    t.is(adminMe.body.user.adminNote, 'note-admin')
  },
)

test.serial(
  '#2 GraphQL meUser, loginUser and refreshTokenUser leave adminNote out for a member',
  async (t) => {
    const alice = await login('alice')
    const me = await gql(
      '{ meUser { user { email adminNote tickets { docs { title secretNote } } } } }',
      bearer(alice.token),
    )
    t.is(me.errors, undefined)
    t.is(me.data.meUser.user.adminNote, null)
    t.true(me.data.meUser.user.tickets.docs.length > 0)
    for (const ticket of me.data.meUser.user.tickets.docs) t.is(ticket.secretNote, null)
    const logged = await gql(
      `mutation { loginUser(email: "alice@example.com", password: "${passwords.alice}") { user { email adminNote } } }`,
    )
    t.deepEqual(logged.data.loginUser.user, { email: 'alice@example.com', adminNote: null })
    const refreshed = await gql(
      'mutation { refreshTokenUser { user { email adminNote } } }',
      bearer(alice.token),
    )
    t.deepEqual(refreshed.data.refreshTokenUser.user, {
      email: 'alice@example.com',
      adminNote: null,
    })
    const admin = await login('admin')
    const adminMe = await gql('{ meUser { user { adminNote } } }', bearer(admin.token))
    t.is(adminMe.data.meUser.user.adminNote, 'note-admin')
  },
)
