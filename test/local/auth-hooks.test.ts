/**
 * The auth hooks and loginWithUsername through the Local API (issue 20), on the suite's database: Payload's
 * arguments, results that replace the operation's, and a hook that throws aborting the operation with its
 * transaction (no session, no audit row, the failure count as it was).
 */
import test from 'ava'
import type { CmsRequest } from '../../server/config/types.ts'
import type { Cms } from '../../server/local/cms.ts'
import { authCalls, authHooksConfig, seedMembers } from '../fixtures/auth-hooks.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

const state = useCms(test, authHooksConfig, (cms) =>
  seedMembers(cms, [
    'plain',
    'blocked',
    'crash',
    'renamed',
    'audit-fail',
    'sticky',
    'masked',
    'decorated',
    'custom-refresh',
    'no-refresh',
    'everywhere',
    'forgetful',
    'leaver',
  ]),
)
const cms = () => state.cms
const creds = (name: string, password = `${name}-password`) => ({
  collection: 'members' as const,
  data: { email: `${name}@example.com`, password },
})
const callsOf = (hook: string, email: string) =>
  authCalls.filter(
    (c) =>
      c.hook === hook &&
      ((c.args.user as { email?: string })?.email === email ||
        (c.args.req as CmsRequest | undefined)?.user?.email === email),
  )
const sessions = async (c: Cms, id: number) =>
  Number(
    (
      await c.db.all<{ n: number }>(
        'SELECT COUNT(*) AS n FROM cms_sessions WHERE collection = ? AND user_id = ?',
        ['members', id],
      )
    )[0].n,
  )
const auditOf = async (email: string) =>
  (
    await cms().find({ collection: 'audit', where: { email: { equals: email } }, sort: 'id' })
  ).docs.map((d) => `${d.event}:${d.detail ?? ''}`)
/** The request a token authenticates, as the HTTP layers build it (me reads the token from it). */
async function requestOf(token: string): Promise<CmsRequest> {
  const auth = await cms().auth(token)
  if (!auth) throw new Error('token not valid')
  return {
    cms: cms(),
    payload: cms(),
    user: auth.user,
    context: {},
    auth: { token, claims: auth.claims },
  }
}

test('beforeLogin and afterLogin get Payload’s arguments; afterLogin writes in the login’s transaction', async (t) => {
  const { token, exp, user } = await cms().login(creds('plain'))
  t.is(user.email, 'plain@example.com')
  const [before] = callsOf('beforeLogin', 'plain@example.com')
  t.deepEqual(Object.keys(before.args).sort(), ['collection', 'context', 'req', 'user'])
  t.is((before.args.collection as { slug: string }).slug, 'members')
  t.is((before.args.req as CmsRequest).cms, cms())
  t.false('hash' in (before.args.user as object), 'hooks never see the password hash')
  // A login transaction MariaDB retries (a deadlock among this file's concurrent logins, seen under CI load) runs
  // its hooks again, so the committed attempt's afterLogin is the last one; the audit below proves one committed.
  const after = callsOf('afterLogin', 'plain@example.com').at(-1)!
  t.deepEqual(Object.keys(after.args).sort(), [
    'collection',
    'context',
    'req',
    'seenUser',
    'token',
    'user',
  ])
  t.is(after.args.token, token)
  t.like(after.args.seenUser, { id: user.id, collection: 'members' }, 'req.user is the user')
  t.true(exp > Date.now() / 1000)
  t.deepEqual(await auditOf('plain@example.com'), ['login:plain'])
})

test('a hook’s returned user is the answer’s; beforeLogin’s reaches afterLogin', async (t) => {
  const { user } = await cms().login(creds('renamed'))
  t.is(user.name, 'Renamed by beforeLogin')
  t.is(user.afterLogin, true)
  t.deepEqual(await auditOf('renamed@example.com'), ['login:Renamed by beforeLogin'])
})

test('beforeLogin throwing 403: no session, no token, and the failure count untouched', async (t) => {
  const id = state.data.blocked
  // One failure first (count 1); maxLoginAttempts is 3.
  await rejectsWith(t, cms().login(creds('blocked', 'wrong-password')), 'AuthenticationError', 401)
  const error = await rejectsWith(t, cms().login(creds('blocked')), 'Forbidden', 403)
  t.is(error.message, 'Logins of this account are suspended.')
  t.is(await sessions(cms(), id), 0)
  // Had the refused login cleared the count, two more failures would not lock; had it counted, one would.
  await rejectsWith(t, cms().login(creds('blocked', 'wrong-password')), 'AuthenticationError', 401)
  await rejectsWith(t, cms().login(creds('blocked', 'wrong-password')), 'LockedAuth', 401)
})

test('a plain Error from beforeLogin propagates as is (REST and GraphQL mask it as a 500)', async (t) => {
  const error = await t.throwsAsync(cms().login(creds('crash')))
  t.is(error?.message, 'the beforeLogin hook crashed')
  t.is(await sessions(cms(), state.data.crash), 0)
})

test('afterLogin throwing after its audit write rolls the write and the session back', async (t) => {
  await rejectsWith(t, cms().login(creds('audit-fail')), 'Forbidden', 403)
  t.deepEqual(await auditOf('audit-fail@example.com'), [])
  t.is(await sessions(cms(), state.data['audit-fail']), 0)
})

test('afterLogout runs before the session ends; when it throws the token stays alive', async (t) => {
  const { token } = await cms().login(creds('sticky'))
  const req = await requestOf(token)
  await rejectsWith(t, cms().logout({ collection: 'members', req }), 'Forbidden', 403)
  t.truthy(await cms().auth(token), 'the session survived')
  const [call] = callsOf('afterLogout', 'sticky@example.com')
  t.deepEqual(Object.keys(call.args).sort(), ['collection', 'context', 'req'])

  const leaver = await cms().login(creds('leaver'))
  await cms().logout({ collection: 'members', req: await requestOf(leaver.token) })
  t.is(await cms().auth(leaver.token), undefined)
  t.deepEqual(await auditOf('leaver@example.com'), ['login:leaver', 'logout:'])
})

test('logout with allSessions ends every session of the user, and only theirs', async (t) => {
  const a = await cms().login(creds('everywhere'))
  const b = await cms().login(creds('everywhere'))
  const other = await cms().login(creds('decorated'))
  t.is(await sessions(cms(), state.data.everywhere), 2)
  await cms().logout({ collection: 'members', req: await requestOf(a.token), allSessions: true })
  t.is(await cms().auth(a.token), undefined)
  t.is(await cms().auth(b.token), undefined)
  t.is(await sessions(cms(), state.data.everywhere), 0)
  t.truthy(await cms().auth(other.token))
})

test('the me hook replaces the user (no token then); afterMe may replace the answer', async (t) => {
  const masked = await cms().login(creds('masked'))
  t.deepEqual(await cms().me({ collection: 'members', req: await requestOf(masked.token) }), {
    user: { id: state.data.masked, name: 'masked', collection: 'members' },
    collection: 'members',
    exp: 4102444800,
  })
  const [call] = callsOf('me', 'masked@example.com')
  t.deepEqual(Object.keys(call.args).sort(), ['args', 'user'])
  t.is((call.args.args as { collection: string }).collection, 'members')

  const decorated = await cms().login(creds('decorated'))
  const me = await cms().me({ collection: 'members', req: await requestOf(decorated.token) })
  t.is(me.user?.name, 'Decorated by afterMe')
  t.is(me.token, decorated.token)
  const anonymous = await cms().me({
    collection: 'members',
    req: { cms: cms(), payload: cms(), user: null, context: {} },
  })
  t.deepEqual(anonymous, { user: null })
  t.true(
    authCalls.some(
      (c) => c.hook === 'afterMe' && (c.args.response as { user: unknown }).user === null,
    ),
    'afterMe runs for an anonymous caller too',
  )
})

test('the refresh hook replaces the result; afterRefresh sees exp and token, in the transaction', async (t) => {
  const custom = await cms().login(creds('custom-refresh'))
  const req = await requestOf(custom.token)
  const replaced = await cms().refreshToken({
    collection: 'members',
    claims: (await cms().auth(custom.token))!.claims,
    req,
  })
  t.is(replaced.token, 'custom-refresh-token')
  t.is(replaced.exp, 4102444800)
  t.is(replaced.user.email, 'custom-refresh@example.com')
  const [after] = callsOf('afterRefresh', 'custom-refresh@example.com')
  t.deepEqual(Object.keys(after.args).sort(), ['collection', 'context', 'exp', 'req', 'token'])
  t.is(after.args.token, 'custom-refresh-token')
  t.deepEqual(await auditOf('custom-refresh@example.com'), [
    'login:custom-refresh',
    'refresh:4102444800',
  ])

  // afterRefresh throwing: the audit row it wrote is rolled back, and the error propagates.
  const plain = await cms().login(creds('no-refresh'))
  const error = await t.throwsAsync(
    cms().refreshToken({
      collection: 'members',
      claims: (await cms().auth(plain.token))!.claims,
      req: await requestOf(plain.token),
    }),
  )
  t.is(error?.message, 'the afterRefresh hook crashed')
  t.deepEqual(await auditOf('no-refresh@example.com'), ['login:no-refresh'])
})

test('afterForgotPassword gets { args, collection, context } for a known account only', async (t) => {
  const token = await cms().forgotPassword({
    collection: 'members',
    data: { email: 'forgetful@example.com' },
    context: { from: 'test' },
  })
  t.is(typeof token, 'string')
  const calls = authCalls.filter(
    (c) =>
      c.hook === 'afterForgotPassword' &&
      (c.args.args as { data: { email: string } }).data.email === 'forgetful@example.com',
  )
  t.is(calls.length, 1)
  t.deepEqual(Object.keys(calls[0].args).sort(), ['args', 'collection', 'context'])
  t.deepEqual(calls[0].args.context, { from: 'test' })
  const before = authCalls.length
  t.is(
    await cms().forgotPassword({ collection: 'members', data: { email: 'nobody@example.com' } }),
    undefined,
  )
  t.false(authCalls.slice(before).some((c) => c.hook === 'afterForgotPassword'))
})

test('loginWithUsername: true — login and reset by username; the email is optional', async (t) => {
  const player = await cms().create({
    collection: 'players',
    data: { username: '  Ace ', password: 'ace-password' },
  })
  t.is(player.username, 'ace')
  t.is(player.email ?? null, null)
  const { user } = await cms().login({
    collection: 'players',
    data: { username: 'ACE', password: 'ace-password' },
  })
  t.is(user.id, player.id)
  const wrong = await rejectsWith(
    t,
    cms().login({ collection: 'players', data: { username: 'ace', password: 'nope-nope' } }),
    'AuthenticationError',
    401,
  )
  t.is(wrong.message, 'The username or password provided is incorrect.')
  const missing = await rejectsWith(
    t,
    cms().login({
      collection: 'players',
      data: { email: 'ace@example.com', password: 'ace-password' },
    }),
    'ValidationError',
    400,
  )
  t.like((missing.data as { errors: unknown[] }).errors, [{ path: 'username' }])
  const duplicate = await rejectsWith(
    t,
    cms().create({ collection: 'players', data: { username: 'ace', password: 'other-password' } }),
    'ValidationError',
    400,
  )
  t.like((duplicate.data as { errors: unknown[] }).errors, [{ path: 'username' }])
  t.is(
    typeof (await cms().forgotPassword({ collection: 'players', data: { username: 'Ace' } })),
    'string',
  )
})

test('loginWithUsername with allowEmailLogin: either name logs in; neither is a 400 naming both', async (t) => {
  const staff = await cms().create({
    collection: 'staff',
    data: { username: 'grace', email: 'grace@example.com', password: 'grace-password' },
  })
  for (const data of [{ username: 'grace' }, { email: 'Grace@Example.com' }])
    t.is(
      (
        await cms().login({
          collection: 'staff',
          data: { ...data, password: 'grace-password' },
        })
      ).user.id,
      staff.id,
    )
  const neither = await rejectsWith(
    t,
    cms().login({ collection: 'staff', data: { password: 'grace-password' } }),
    'ValidationError',
    400,
  )
  t.deepEqual(
    (neither.data as { errors: { path: string }[] }).errors.map((e) => e.path),
    ['email', 'username'],
  )
  // The username is required here (allowEmailLogin keeps requireUsername's default, true); the email is not.
  await rejectsWith(
    t,
    cms().create({ collection: 'staff', data: { email: 'x@example.com', password: 'x-password' } }),
    'ValidationError',
    400,
  )
  const noEmail = await cms().create({
    collection: 'staff',
    data: { username: 'hopper', password: 'hopper-password' },
  })
  t.is(noEmail.username, 'hopper')
})
