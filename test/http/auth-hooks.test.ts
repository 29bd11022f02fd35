/**
 * The auth hooks, loginWithUsername and logout with allSessions over real HTTP (issue 20): REST, every answer
 * checked against the compiled contract, GraphQL, and Payload's own REST client (`@payloadcms/sdk`, unchanged).
 */
import test from 'ava'
import { PayloadSDK } from '@payloadcms/sdk'
import { authHooksConfig, seedMembers } from '../fixtures/auth-hooks.ts'
import { useServer } from '../helpers/http.ts'

const s = useServer(test, authHooksConfig, async (cms) => {
  const ids = await seedMembers(cms, [
    'rest',
    'blocked',
    'crash',
    'audit-fail',
    'masked',
    'decorated',
    'custom-refresh',
    'no-refresh',
    'sticky',
    'everywhere',
    'gql',
    'gql-blocked',
    'gql-everywhere',
    'forgot-refused',
  ])
  await cms.create({
    collection: 'players',
    data: { username: 'ace', password: 'ace-password' },
  })
  await cms.create({
    collection: 'staff',
    data: { username: 'grace', email: 'grace@example.com', password: 'grace-password' },
  })
  return ids
})

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const login = (name: string, password = `${name}-password`) =>
  s.request('POST', '/api/members/login', {
    body: { email: `${name}@example.com`, password },
  })
async function gql(query: string, token?: string) {
  const headers: Record<string, string> = { accept: 'application/graphql-response+json' }
  if (token) Object.assign(headers, bearer(token))
  const r = await s.request('POST', '/api/graphql', { body: { query }, headers })
  return r.body as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] }
}
const auditOf = async (email: string) =>
  (
    await s.request('GET', '/api/audit', {
      query: { where: JSON.stringify({ email: { equals: email } }), sort: 'id' },
    })
  ).body.docs.map((d: { event: string }) => d.event)

test('REST login: afterLogin’s audit row is written with the session', async (t) => {
  const r = await login('rest')
  t.is(r.status, 200)
  t.is(r.body.user.email, 'rest@example.com')
  t.deepEqual(await auditOf('rest@example.com'), ['login'])
  const me = await s.request('GET', '/api/members/me', { headers: bearer(r.body.token) })
  t.is(me.body.user.email, 'rest@example.com')
})

test('REST login refused by beforeLogin is a 403 with its message; a crashing hook a masked 500', async (t) => {
  const refused = await login('blocked')
  t.is(refused.status, 403)
  t.deepEqual(refused.body, {
    errors: [{ name: 'Forbidden', message: 'Logins of this account are suspended.' }],
  })
  t.falsy(refused.headers.get('set-cookie'))
  const crashed = await login('crash')
  t.is(crashed.status, 500)
  t.deepEqual(crashed.body.errors, [{ name: 'InternalError', message: 'Something went wrong.' }])
  const rolledBack = await login('audit-fail')
  t.is(rolledBack.status, 403)
  t.deepEqual(await auditOf('audit-fail@example.com'), [])
})

test('REST me and refresh answer what the me, afterMe and refresh hooks return', async (t) => {
  const masked = (await login('masked')).body.token
  const me = await s.request('GET', '/api/members/me', { headers: bearer(masked) })
  t.deepEqual(me.body, {
    user: { id: s.data.masked, name: 'masked', collection: 'members' },
    collection: 'members',
    exp: 4102444800,
    message: 'Account',
  })
  const decorated = (await login('decorated')).body.token
  t.is(
    (await s.request('GET', '/api/members/me', { headers: bearer(decorated) })).body.user.name,
    'Decorated by afterMe',
  )
  const custom = (await login('custom-refresh')).body.token
  const refreshed = await s.request('POST', '/api/members/refresh-token', {
    headers: bearer(custom),
  })
  t.is(refreshed.status, 200)
  t.like(refreshed.body, { refreshedToken: 'custom-refresh-token', exp: 4102444800 })
  t.regex(refreshed.headers.get('set-cookie') ?? '', /^cms-token=custom-refresh-token;/)
  const failing = (await login('no-refresh')).body.token
  const crashed = await s.request('POST', '/api/members/refresh-token', {
    headers: bearer(failing),
  })
  t.is(crashed.status, 500)
  t.deepEqual(await auditOf('no-refresh@example.com'), ['login'])
})

test('REST logout: afterLogout refusing keeps the session; allSessions kills every token', async (t) => {
  const sticky = (await login('sticky')).body.token
  const refused = await s.request('POST', '/api/members/logout', { headers: bearer(sticky) })
  t.is(refused.status, 403)
  t.is((await s.request('GET', '/api/members/me', { headers: bearer(sticky) })).status, 200)

  const [a, b] = [(await login('everywhere')).body.token, (await login('everywhere')).body.token]
  const other = (await login('rest')).body.token
  const out = await s.request('POST', '/api/members/logout', {
    query: { allSessions: 'true' },
    headers: bearer(a),
  })
  t.is(out.status, 200)
  t.deepEqual(out.body, { message: 'Logout successful.' })
  for (const dead of [a, b])
    t.is((await s.request('GET', '/api/members/me', { headers: bearer(dead) })).status, 401)
  t.is((await s.request('GET', '/api/members/me', { headers: bearer(other) })).status, 200)
  const bad = await s.request('POST', '/api/members/logout', {
    query: { allSessions: 'maybe' },
    headers: bearer(other),
    invalid: 'allSessions is a boolean',
  })
  t.is(bad.status, 400)
  t.regex(bad.body.errors[0].message, /allSessions/)
})

test('REST forgot-password: afterForgotPassword refusing is its 403', async (t) => {
  const r = await s.request('POST', '/api/members/forgot-password', {
    body: { email: 'forgot-refused@example.com' },
  })
  t.is(r.status, 403)
  t.is(r.body.errors[0].message, 'Resets of this account are handled by support.')
  const unknown = await s.request('POST', '/api/members/forgot-password', {
    body: { email: 'nobody@example.com' },
  })
  t.deepEqual(unknown.body, { message: 'Success' })
})

test('GraphQL: the hooks run for loginMember, and logoutMember(allSessions: true) kills every token', async (t) => {
  const ok = await gql(
    'mutation { loginMember(email: "gql@example.com", password: "gql-password") { token user { email } } }',
  )
  t.is(ok.data.loginMember.user.email, 'gql@example.com')
  t.deepEqual(await auditOf('gql@example.com'), ['login'])
  const refused = await gql(
    'mutation { loginMember(email: "gql-blocked@example.com", password: "gql-blocked-password") { token } }',
  )
  t.is(
    refused.errors?.[0].message,
    'Logins of this account are suspended.',
    JSON.stringify(refused),
  )
  t.is(refused.errors?.[0].extensions?.code, 'FORBIDDEN')

  const tokens: string[] = []
  for (let i = 0; i < 2; i++)
    tokens.push(
      (
        await gql(
          'mutation { loginMember(email: "gql-everywhere@example.com", password: "gql-everywhere-password") { token } }',
        )
      ).data.loginMember.token,
    )
  const out = await gql('mutation { logoutMember(allSessions: true) }', tokens[0])
  t.is(out.data.logoutMember, 'Logout successful.')
  for (const dead of tokens)
    t.is((await s.request('GET', '/api/members/me', { headers: bearer(dead) })).status, 401)
  const me = await gql('{ meMember { user { email } } }', ok.data.loginMember.token)
  t.is(me.data.meMember.user.email, 'gql@example.com')
})

test('loginWithUsername over REST: the contract’s login body, username login, missing names', async (t) => {
  const r = await s.request('POST', '/api/players/login', {
    body: { username: 'ACE', password: 'ace-password' },
  })
  t.is(r.status, 200)
  t.is(r.body.user.username, 'ace')
  const wrong = await s.request('POST', '/api/players/login', {
    body: { username: 'ace', password: 'not-the-password' },
  })
  t.is(wrong.status, 401)
  t.is(wrong.body.errors[0].message, 'The username or password provided is incorrect.')
  const byEmail = await s.request('POST', '/api/players/login', {
    body: { email: 'ace@example.com', password: 'ace-password' },
    invalid: 'players log in by username only',
  })
  t.is(byEmail.status, 400)
  for (const body of [{ username: 'grace' }, { email: 'grace@example.com' }]) {
    const staff = await s.request('POST', '/api/staff/login', {
      body: { ...body, password: 'grace-password' },
    })
    t.is(staff.status, 200, JSON.stringify(staff.body))
    t.is(staff.body.user.username, 'grace')
  }
  const neither = await s.request('POST', '/api/staff/login', {
    body: { password: 'grace-password' },
    invalid: 'staff need an email or a username',
  })
  t.is(neither.status, 400)
  const reset = await s.request('POST', '/api/players/forgot-password', {
    body: { username: 'ace' },
  })
  t.deepEqual(reset.body, { message: 'Success' })
})

test('loginWithUsername over GraphQL: loginPlayer(username), loginStaff(email or username)', async (t) => {
  const player = await gql(
    'mutation { loginPlayer(username: "ace", password: "ace-password") { user { username } } }',
  )
  t.is(player.data.loginPlayer.user.username, 'ace')
  const noEmailArg = await gql(
    'mutation { loginPlayer(email: "ace@example.com", password: "ace-password") { token } }',
  )
  t.regex(noEmailArg.errors?.[0].message ?? '', /email/)
  for (const arg of ['username: "grace"', 'email: "grace@example.com"']) {
    const staff = await gql(
      `mutation { loginStaff(${arg}, password: "grace-password") { user { username } } }`,
    )
    t.is(staff.data.loginStaff.user.username, 'grace')
  }
  const neither = await gql('mutation { loginStaff(password: "grace-password") { token } }')
  t.is(neither.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
  t.true(
    await gql('mutation { forgotPasswordPlayer(username: "ace") }').then(
      (r) => r.data.forgotPasswordPlayer,
    ),
  )
})

test('@payloadcms/sdk, unchanged, logs in by email and (its data passed as is) by username', async (t) => {
  const sdk = new PayloadSDK({ baseURL: `${s.url}/api`, fetch: s.fetch })
  // Its login is typed { email, password }: the staff collection takes an email too.
  const byEmail = await sdk.login({
    collection: 'staff' as never,
    data: { email: 'grace@example.com', password: 'grace-password' },
  })
  t.is(byEmail.message, 'Authentication Passed')
  t.is(byEmail.user.username, 'grace')
  // It sends `data` as the body whatever its type says, so a username login works once the type is widened.
  const byUsername = await sdk.login({
    collection: 'players' as never,
    data: { username: 'ace', password: 'ace-password' } as never,
  })
  t.is(byUsername.user.username, 'ace')
  const me = await sdk.me(
    { collection: 'players' as never },
    { headers: bearer(byUsername.token!) },
  )
  t.is(me.user.username, 'ace')
})
