/**
 * Payload's `test/auth` spec, the server's part: login (REST, GraphQL, Local), me, fields saved to the JWT,
 * refresh, logout of one session, password change, forgot and reset password, verification, the lock after
 * failed attempts and unlocking, API keys, first-user registration and email validation. Ledger:
 * docs/payload-specs/auth.md.
 */
import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { authSpecConfig, verificationTokens } from './auth-config.ts'

type Doc = Record<string, any>
const password = 'test-password-1'
const s = useServer(test, authSpecConfig, async (cms) => {
  const admin = await cms.create({
    collection: 'users',
    data: { email: 'dev@example.com', password, roles: ['admin'], custom: { inJwt: 'signed' } },
  })
  return { admin }
})
const login = (email: string, pw = password) =>
  s.request<Doc>('POST', '/api/users/login', { body: { email, password: pw } })
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Doc
const bearer = (token: string) => ({ authorization: `JWT ${token}` })

test.serial(
  'REST login: token, exp, the user without secrets; fields saved to the JWT',
  async (t) => {
    const r = await login('dev@example.com')
    t.is(r.status, 200)
    t.is(r.body.message, 'Authentication Passed')
    t.is(r.body.user.email, 'dev@example.com')
    for (const secret of ['password', 'hash', 'salt', 'loginAttempts', 'lockUntil'])
      t.false(secret in r.body.user)
    const c = claims(r.body.token)
    t.is(c.exp, r.body.exp)
    t.is(c.collection, 'users')
    t.deepEqual(c.roles, ['admin'])
    // A signed field in a group that is not signed is lifted to the top of the claims (Payload's getFieldsToSign).
    t.is(c.inJwt, 'signed')
    t.false('custom' in c)
    t.false('nickname' in c)
    t.regex(r.headers.get('set-cookie') ?? '', /cms-token=/)
    const wrong = await login('dev@example.com', 'wrong-password')
    t.is(wrong.status, 401)
    t.is(wrong.body.errors[0].message, 'The email or password provided is incorrect.')
  },
)

test.serial('GraphQL loginUser and meUser; Local login', async (t) => {
  const r = await s.request<Doc>('POST', '/api/graphql', {
    body: {
      query: `mutation { loginUser(email: "dev@example.com", password: "${password}") { token exp user { email roles } } }`,
    },
  })
  t.is(r.body.errors, undefined)
  const { token, user } = r.body.data.loginUser
  t.deepEqual(user, { email: 'dev@example.com', roles: ['admin'] })
  t.deepEqual(claims(token).roles, ['admin'])
  const me = await s.request<Doc>('POST', '/api/graphql', {
    headers: bearer(token),
    body: { query: '{ meUser { user { email } collection } }' },
  })
  t.deepEqual(me.body.data.meUser, { user: { email: 'dev@example.com' }, collection: 'users' })
  const local = await s.cms.login({
    collection: 'users',
    data: { email: 'DEV@example.com', password },
  })
  t.is(local.user.id, s.data.admin.id)
  t.is(typeof local.token, 'string')
})

test.serial(
  'me: the logged-in user with collection and strategy; anonymous gets user null',
  async (t) => {
    const { token } = (await login('dev@example.com')).body
    let r = await s.request<Doc>('GET', '/api/users/me', { headers: bearer(token) })
    t.is(r.status, 200)
    t.is(r.body.user.email, 'dev@example.com')
    t.is(r.body.collection, 'users')
    t.is(r.body.token, token)
    r = await s.request<Doc>('GET', '/api/users/me')
    t.is(r.status, 200)
    t.is(r.body.user, null)
  },
)

test.serial('refresh: a new token with a later expiry and the up-to-date user', async (t) => {
  const first = (await login('dev@example.com')).body
  await s.cms.update({ collection: 'users', id: s.data.admin.id, data: { nickname: 'fresh' } })
  await new Promise((resolve) => setTimeout(resolve, 1100)) // exp has a resolution of seconds
  const r = await s.request<Doc>('POST', '/api/users/refresh-token', {
    headers: bearer(first.token),
  })
  t.is(r.status, 200)
  t.true(r.body.exp > first.exp)
  t.is(r.body.user.nickname, 'fresh')
  t.not(r.body.refreshedToken, first.token)
  const bad = await s.request<Doc>('POST', '/api/users/refresh-token', {
    headers: bearer('not.a.token'),
  })
  t.is(bad.status, 401)
})

test.serial('logout ends only its own session; a token of an ended session is a 401', async (t) => {
  const a = (await login('dev@example.com')).body.token
  const b = (await login('dev@example.com')).body.token
  const out = await s.request<Doc>('POST', '/api/users/logout', { headers: bearer(a) })
  t.is(out.status, 200)
  t.is((await s.request('GET', '/api/users/me', { headers: bearer(a) })).status, 401)
  const still = await s.request<Doc>('GET', '/api/users/me', { headers: bearer(b) })
  t.is(still.body.user.email, 'dev@example.com')
})

test.serial(
  'a user changes their password; the answer carries no password, the old one stops working',
  async (t) => {
    await s.request('POST', '/api/users', { body: { email: 'change@example.com', password } })
    const { token, user } = (await login('change@example.com')).body
    const r = await s.request<Doc>('PATCH', `/api/users/${user.id}`, {
      headers: bearer(token),
      body: { password: 'another-password-2' },
    })
    t.is(r.status, 200)
    t.false('password' in r.body.doc)
    t.is((await login('change@example.com')).status, 401)
    t.is((await login('change@example.com', 'another-password-2')).status, 200)
  },
)

test.serial(
  'forgot and reset password: REST answers alike for unknown emails; the token works once',
  async (t) => {
    await s.request('POST', '/api/users', { body: { email: 'forgot@example.com', password } })
    for (const email of ['forgot@example.com', 'nobody@example.com']) {
      const r = await s.request<Doc>('POST', '/api/users/forgot-password', { body: { email } })
      t.is(r.status, 200)
      t.is(r.body.message, 'Success')
    }
    const token = await s.cms.forgotPassword({
      collection: 'users',
      data: { email: 'forgot@example.com' },
      disableEmail: true,
    })
    const reset = await s.request<Doc>('POST', '/api/users/reset-password', {
      body: { token, password: 'reset-password-3' },
    })
    t.is(reset.status, 200)
    t.is(reset.body.user.email, 'forgot@example.com')
    t.is(typeof reset.body.token, 'string')
    t.is((await login('forgot@example.com', 'reset-password-3')).status, 200)
    const again = await s.request<Doc>('POST', '/api/users/reset-password', {
      body: { token, password: 'reset-password-4' },
    })
    t.is(again.status, 403)
  },
)

test.serial('an expired reset token is refused', async (t) => {
  await s.cms.create({ collection: 'users', data: { email: 'expired@example.com', password } })
  const token = await s.cms.forgotPassword({
    collection: 'users',
    data: { email: 'expired@example.com' },
    disableEmail: true,
    expiration: 1,
  })
  await new Promise((resolve) => setTimeout(resolve, 20))
  const r = await s.request<Doc>('POST', '/api/users/reset-password', {
    body: { token, password: 'never-set-password' },
  })
  t.is(r.status, 403)
  t.is((await login('expired@example.com')).status, 200)
})

test.serial(
  'verify: no login before the emailed token is used; the token works once',
  async (t) => {
    const created = await s.request<Doc>('POST', '/api/verified', {
      body: { email: 'new@example.com', password },
    })
    t.is(created.status, 201)
    const body = { email: 'new@example.com', password }
    const before = await s.request<Doc>('POST', '/api/verified/login', { body })
    t.is(before.status, 403)
    t.is(before.body.errors[0].name, 'UnverifiedEmail')
    const token = verificationTokens.at(-1)
    t.is((await s.request('POST', `/api/verified/verify/${token}`)).status, 200)
    t.is((await s.request<Doc>('POST', '/api/verified/login', { body })).status, 200)
    t.is((await s.request('POST', `/api/verified/verify/${token}`)).status, 403)
  },
)

test.serial(
  'lock after maxLoginAttempts; a right password then fails too; unlock clears it',
  async (t) => {
    await s.cms.create({ collection: 'users', data: { email: 'lock@example.com', password } })
    // A success in between resets the count (Payload's "reset the login attempts after a successful login").
    for (let i = 0; i < 2; i++) t.is((await login('lock@example.com', 'bad-password')).status, 401)
    t.is((await login('lock@example.com')).status, 200)
    for (let i = 0; i < 2; i++) t.is((await login('lock@example.com', 'bad-password')).status, 401)
    t.is((await login('lock@example.com', 'bad-password')).status, 401) // the third: locked now
    const locked = await login('lock@example.com')
    t.is(locked.status, 401)
    t.is(locked.body.errors[0].name, 'LockedAuth')
    t.true(await s.cms.unlock({ collection: 'users', data: { email: 'lock@example.com' } }))
    t.is((await login('lock@example.com')).status, 200)
  },
)

test.serial(
  'API keys: authenticate as their user; kept on unrelated updates; removed by apiKey null or enableAPIKey false',
  async (t) => {
    const key = 'k'.repeat(8) + '-0123456789abcdef0123456789abcdef'
    const bot = await s.cms.create({
      collection: 'users',
      data: { email: 'bot@example.com', password, enableAPIKey: true, apiKey: key },
    })
    const header = { authorization: `users API-Key ${key}` }
    let me = await s.request<Doc>('GET', '/api/users/me', { headers: header })
    t.is(me.body.user.email, 'bot@example.com')
    t.is(me.body.strategy, 'api-key')
    await s.cms.update({ collection: 'users', id: bot.id, data: { nickname: 'bot' } })
    me = await s.request<Doc>('GET', '/api/users/me', { headers: header })
    t.is(me.body.user.nickname, 'bot')
    await s.cms.update({ collection: 'users', id: bot.id, data: { enableAPIKey: false } })
    t.is((await s.request('GET', '/api/users/me', { headers: header })).status, 401)
    await s.cms.update({
      collection: 'users',
      id: bot.id,
      data: { enableAPIKey: true, apiKey: key },
    })
    t.is((await s.request('GET', '/api/users/me', { headers: header })).status, 200)
    await s.cms.update({ collection: 'users', id: bot.id, data: { apiKey: null } })
    t.is((await s.request('GET', '/api/users/me', { headers: header })).status, 401)
  },
)

test.serial('first-register is refused once a user exists; init says so', async (t) => {
  const init = await s.request<Doc>('GET', '/api/users/init')
  t.deepEqual(init.body, { initialized: true })
  const r = await s.request<Doc>('POST', '/api/users/first-register', {
    body: { email: 'second@example.com', password },
  })
  t.is(r.status, 403)
})

test.serial(
  'email format: standard addresses pass, malformed ones are a 400 on email',
  async (t) => {
    const create = (email: string) =>
      s.request<Doc>('POST', '/api/users', {
        body: { email, password },
        invalid: 'a malformed email',
      })
    t.is(
      (
        await s.request('POST', '/api/users', {
          body: { email: 'first.last+tag@sub.example.co', password },
        })
      ).status,
      201,
    )
    for (const email of [
      '"quoted"@example.com',
      'with space@example.com',
      'two..dots@example.com',
      'user@-example.com',
      '.dot@example.com',
      'a,b@example.com',
      'user@localhost',
    ]) {
      const r = await create(email)
      t.is(r.status, 400, email)
      t.is(r.body.errors[0].data.errors[0].path, 'email', email)
    }
  },
)

test.serial(
  'login, refresh and logout leave the user document untouched (updatedAt)',
  async (t) => {
    const before = await s.cms.findByID({ collection: 'users', id: s.data.admin.id })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const { token } = (await login('dev@example.com')).body
    const refreshed = await s.request<Doc>('POST', '/api/users/refresh-token', {
      headers: bearer(token),
    })
    await s.request('POST', '/api/users/logout', { headers: bearer(refreshed.body.refreshedToken) })
    const after = await s.cms.findByID({ collection: 'users', id: s.data.admin.id })
    t.is(after.updatedAt, before.updatedAt)
  },
)
