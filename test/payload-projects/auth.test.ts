/**
 * Issue 55: Payload 3.x's `examples/auth` (test/fixtures/payload-projects/auth, its sources unchanged but the
 * database adapter line) moves in: its config names `slateEditor()` from `@payloadcms/richtext-slate` (an alias
 * package here: accepted while no richText field uses it, as in this example), its users declare Payload's own auth
 * fields again (`password` of type password, the reset fields) and cookies with `sameSite: 'none'`. Anyone signs
 * up; the example's `protectRoles` hook keeps every role but `user` from whoever is not an admin; each user reads
 * only themselves (`adminsAndUser`); the session cookie is `SameSite=None; Secure`.
 */
import test from 'ava'
import { startProject } from './project.ts'

/** The claims of a token: roles are `saveToJWT` (their field is read by admins only). */
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>

test('examples/auth: sign-up with roles protected by its hook, login with its cookie, each user reads only themselves, GraphQL', async (t) => {
  const project = await startProject('auth')
  const { call } = project
  try {
    const first = await call('POST', '/users/first-register', {
      email: 'first@example.com',
      password: 'a-long-test-password',
      firstName: 'First',
    })
    t.is(first.status, 200, JSON.stringify(first.body))
    // protectRoles: nobody signed in is an admin, so the first user is a user; roles are read by admins only.
    t.deepEqual(claims(first.body.token).roles, ['user'])
    t.false('roles' in first.body.user)

    const signup = await call('POST', '/users', {
      email: 'casey@example.com',
      password: 'a-long-test-password',
      firstName: 'Casey',
      roles: ['admin'],
    })
    // Roles are admin-only on create (field access): the value sent is dropped, and the hook adds `user`.
    t.is(signup.status, 201, JSON.stringify(signup.body))
    const login = await call('POST', '/users/login', {
      email: 'casey@example.com',
      password: 'a-long-test-password',
    })
    t.is(login.status, 200, JSON.stringify(login.body))
    t.deepEqual(claims(login.body.token).roles, ['user'])
    // `sameSite: 'none'` as the example writes it: a cross-site cookie, so Secure.
    const cookie = login.headers.get('set-cookie') ?? ''
    // The cookie is named after cookiePrefix, `cms` by default (DESIGN §5: `cms-token`, Payload's `payload-token`).
    t.regex(cookie, /cms-token=/)
    t.regex(cookie, /SameSite=None/)
    t.regex(cookie, /Secure/)

    const token: string = login.body.token
    const listed = await call('GET', '/users?depth=0', undefined, token)
    t.deepEqual(
      listed.body.docs.map((u: { email: string }) => u.email),
      ['casey@example.com'],
    )
    t.is((await call('GET', `/users/${first.body.user.id}`, undefined, token)).status, 404)
    t.is(
      (await call('GET', '/users')).status,
      401,
      'anonymous callers read no user (DESIGN §5: 401)',
    )
    const me = await call('GET', '/users/me', undefined, token)
    t.is(me.body.user.firstName, 'Casey')

    const graphql = await project.graphql('{ Users { docs { email firstName } } }', token)
    t.deepEqual(graphql.body, {
      data: { Users: { docs: [{ email: 'casey@example.com', firstName: 'Casey' }] } },
    })
  } finally {
    await project.stop()
  }
})
