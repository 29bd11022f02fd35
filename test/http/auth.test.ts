import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import type { Config } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'

/** Auth over real HTTP on the example app: its users collection, its access rules, its seed. */
const mail: { to: string; token: string }[] = []
const config: Config = {
  ...exampleConfig,
  auth: undefined,
  email: {
    sendEmail: (m) => {
      mail.push({ to: String(m.to), token: /token=([0-9a-f]+)/.exec(m.text ?? '')![1] })
    },
  },
  rateLimit: {
    login: { max: 1000, windowMs: 60_000 },
    forgotPassword: { max: 1000, windowMs: 60_000 },
  },
  collections: exampleConfig.collections!.map((c) =>
    c.slug === 'users'
      ? { ...c, auth: { tokenExpiration: 3600, maxLoginAttempts: 3, lockTime: 8000 } }
      : c,
  ),
} as Config

const s = useServer(test, config, async (cms) => {
  await cms.config.seed!(cms)
  // Accounts of this suite's own, so tests that lock or reset them do not disturb each other.
  for (const name of ['locky', 'resetty', 'cookie', 'gone', 'expired'])
    await cms.create({
      collection: 'users',
      data: { email: `${name}@example.com`, password: `${name}-password`, name, roles: ['member'] },
    })
})

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  s.request('POST', '/api/users/login', { body: { email, password }, headers })
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

test('login, me, refresh and logout through the Authorization header; a logged-out token is dead', async (t) => {
  const r = await login('alice@example.com', 'alice-password')
  t.is(r.status, 200)
  t.is(r.body.message, 'Authentication Passed')
  t.is(r.body.user.email, 'alice@example.com')
  t.is(typeof r.body.exp, 'number')
  const token: string = r.body.token
  const me = await s.request('GET', '/api/users/me', { headers: bearer(token) })
  t.like(me.body, { user: { email: 'alice@example.com' }, collection: 'users', token })
  const jwt = await s.request('GET', '/api/users/me', {
    headers: { authorization: `JWT ${token}` },
  })
  t.is(jwt.body.user.email, 'alice@example.com')

  const refreshed = await s.request('POST', '/api/users/refresh-token', { headers: bearer(token) })
  t.is(refreshed.status, 200)
  t.is(refreshed.body.user.email, 'alice@example.com')
  const fresh: string = refreshed.body.refreshedToken

  t.is((await s.request('POST', '/api/users/logout', { headers: bearer(fresh) })).status, 200)
  // Both tokens named the same session: both are dead now.
  for (const dead of [token, fresh]) {
    const after = await s.request('GET', '/api/posts', { headers: bearer(dead) })
    t.is(after.status, 401)
    t.is(after.headers.get('www-authenticate'), 'Bearer realm="cms"')
  }
  t.deepEqual((await s.request('GET', '/api/users/me')).body, { user: null, message: 'Account' })
  t.is((await s.request('POST', '/api/users/logout')).status, 401)
})

test('the cms-token cookie: set on login, accepted, cleared on logout; cross-site writes refused', async (t) => {
  const r = await login('cookie@example.com', 'cookie-password')
  const setCookie = r.headers.get('set-cookie') ?? ''
  t.is(r.status, 200, JSON.stringify(r.body))
  t.regex(setCookie, /^cms-token=[\w.-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600/)
  const cookie = setCookie.split(';')[0]
  t.is(
    (await s.request('GET', '/api/users/me', { headers: { cookie } })).body.user.email,
    'cookie@example.com',
  )
  const own = (await s.request('GET', '/api/users', { headers: { cookie } })).body
  const cross = await s.request('PATCH', `/api/users/${own.docs[0].id}`, {
    body: { name: 'x' },
    headers: { cookie, origin: 'https://evil.example' },
  })
  t.is(cross.status, 403)
  const same = await s.request('PATCH', `/api/users/${own.docs[0].id}`, {
    body: { name: 'Cookie Monster' },
    headers: { cookie, origin: s.server.url }, // the server's own origin, also behind a proxy (Prism mode)
  })
  t.is(same.status, 200)
  const out = await s.request('POST', '/api/users/logout', {
    headers: { cookie, origin: s.server.url },
  })
  t.regex(
    out.headers.get('set-cookie') ?? '',
    /^cms-token=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/,
  )
  t.is((await s.request('GET', '/api/posts', { headers: { cookie } })).status, 401)
})

test('wrong password and unknown email answer the same; secrets never appear', async (t) => {
  const wrong = await login('bob@example.com', 'not-his-password')
  const unknown = await login('nobody@example.com', 'whatever-password')
  t.is(wrong.status, 401)
  t.deepEqual(wrong.body, unknown.body)
  t.is(wrong.body.errors[0].message, 'The email or password provided is incorrect.')
  const ok = await login('bob@example.com', 'bob-password')
  for (const text of [
    ok.text,
    (await s.request('GET', '/api/users/me', { headers: bearer(ok.body.token) })).text,
    (await s.request('GET', '/api/users', { headers: bearer(ok.body.token) })).text,
  ]) {
    for (const secret of ['hash', 'salt', 'resetPasswordToken', 'loginAttempts', 'bob-password'])
      t.false(text.includes(secret), secret)
  }
})

test('access functions get the authenticated user: a member reads only what the example allows', async (t) => {
  const alice = (await login('alice@example.com', 'alice-password')).body
  const admin = (await login('admin@example.com', 'admin-password')).body
  const users = await s.request('GET', '/api/users', {
    headers: bearer(alice.token),
    query: { limit: '0' },
  })
  t.deepEqual(
    users.body.docs.map((u: { email: string }) => u.email),
    ['alice@example.com'],
  )
  // Another test deletes a user meanwhile: the admin's total lies between the counts taken around the request.
  const before = (await s.cms.count({ collection: 'users' })).totalDocs
  const all = await s.request('GET', '/api/users', {
    headers: bearer(admin.token),
    query: { limit: '0' },
  })
  const after = (await s.cms.count({ collection: 'users' })).totalDocs
  t.true(all.body.totalDocs > 1)
  t.true(
    all.body.totalDocs <= before && all.body.totalDocs >= after,
    `${after} ≤ ${all.body.totalDocs} ≤ ${before}`,
  )
  t.is((await s.request('GET', '/api/orders', { headers: bearer(alice.token) })).status, 403)
  t.is((await s.request('GET', '/api/orders')).status, 401)
  // A member cannot make themselves an admin: the roles field is admin-only.
  const escalate = await s.request('PATCH', `/api/users/${alice.user.id}`, {
    body: { roles: ['admin'], name: 'Alice' },
    headers: bearer(alice.token),
  })
  t.is(escalate.status, 200)
  t.deepEqual(escalate.body.doc.roles, ['member'])
  const posts = await s.request('POST', '/api/posts', {
    body: { title: 'By admin', slug: 'by-admin' },
    headers: bearer(admin.token),
  })
  t.is(posts.status, 201)
})

test('lockout after maxLoginAttempts failures, even with the right password, until lockTime passes', async (t) => {
  for (let i = 0; i < 2; i++)
    t.is(
      (await login('locky@example.com', 'wrong-password')).body.errors[0].name,
      'AuthenticationError',
    )
  const third = await login('locky@example.com', 'wrong-password')
  const lockedAt = Date.now()
  t.is(third.body.errors[0].name, 'LockedAuth')
  const right = await login('locky@example.com', 'locky-password')
  t.is(right.status, 401)
  t.is(
    right.body.errors[0].message,
    'This user is locked due to having too many failed login attempts.',
  )
  // lockTime is 8 s: long enough that a loaded CI machine still asks while the lock holds.
  await new Promise((r) => setTimeout(r, Math.max(0, lockedAt + 8200 - Date.now())))
  t.is((await login('locky@example.com', 'locky-password')).status, 200)
})

test('forgot and reset password: single use, old sessions end, the new password works', async (t) => {
  const before = (await login('resetty@example.com', 'resetty-password')).body.token
  t.deepEqual(
    (
      await s.request('POST', '/api/users/forgot-password', {
        body: { email: 'resetty@example.com' },
      })
    ).body,
    { message: 'Success' },
  )
  t.deepEqual(
    (
      await s.request('POST', '/api/users/forgot-password', {
        body: { email: 'nobody@example.com' },
      })
    ).body,
    { message: 'Success' },
  )
  const sent = mail.filter((m) => m.to === 'resetty@example.com')
  t.is(sent.length, 1)
  const token = sent[0].token
  t.regex(token, /^[0-9a-f]{40}$/)
  const reset = await s.request('POST', '/api/users/reset-password', {
    body: { token, password: 'brand-new-password' },
  })
  t.is(reset.status, 200)
  t.is(reset.body.user.email, 'resetty@example.com')
  t.is(
    (await s.request('GET', '/api/users/me', { headers: bearer(reset.body.token) })).body.user
      .email,
    'resetty@example.com',
  )
  t.is(
    (await s.request('GET', '/api/posts', { headers: bearer(before) })).status,
    401,
    'the reset ended the old session',
  )
  const again = await s.request('POST', '/api/users/reset-password', {
    body: { token, password: 'another-password' },
  })
  t.is(again.status, 403)
  t.is((await login('resetty@example.com', 'resetty-password')).status, 401)
  t.is((await login('resetty@example.com', 'brand-new-password')).status, 200)
})

test('an expired reset token is refused', async (t) => {
  const token = await s.cms.forgotPassword({
    collection: 'users',
    data: { email: 'expired@example.com' },
  })
  await s.cms.db.run(
    `UPDATE users SET ${s.cms.db.dialect.quote('resetPasswordExpiration')} = ? WHERE email = 'expired@example.com'`,
    [new Date(Date.now() - 1000).toISOString()],
  )
  const r = await s.request('POST', '/api/users/reset-password', {
    body: { token, password: 'too-late-password' },
  })
  t.is(r.status, 403)
  t.is(r.body.errors[0].message, 'Token is either invalid or has expired.')
})

test("a deleted user's token gets 401", async (t) => {
  const token = (await login('gone@example.com', 'gone-password')).body.token
  const id = (await s.request('GET', '/api/users/me', { headers: bearer(token) })).body.user.id
  await s.cms.delete({ collection: 'users', id })
  t.is((await s.request('GET', '/api/posts', { headers: bearer(token) })).status, 401)
})

test('Local login: cms.login returns token, exp and user', async (t) => {
  const result = await s.cms.login({
    collection: 'users',
    data: { email: 'ADMIN@example.com ', password: 'admin-password' },
  })
  t.is(result.user.email, 'admin@example.com')
  t.truthy(result.token)
  const found = await s.cms.auth(result.token)
  t.is(found?.user.id, result.user.id as number)
})
