/** auth.loginWithUsername: Payload's defaults spelled out, the username field it adds, and what it refuses. */
import test from 'ava'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { AuthOptions, Config } from '../../server/config/types.ts'

const withAuth = (auth: AuthOptions | true, fields: Config['collections'] = []): Config => ({
  collections: [{ slug: 'users', auth, fields: [{ name: 'name', type: 'text' }] }, ...fields],
})
const users = (config: Config) => sanitizeConfig(config).collectionsBySlug.get('users')!

test('true is username only: a required unique username, an optional email', (t) => {
  const c = users(withAuth({ loginWithUsername: true }))
  t.deepEqual(c.auth && c.auth.loginWithUsername, {
    allowEmailLogin: false,
    requireEmail: false,
    requireUsername: true,
  })
  t.like(
    c.flatFields.slice(0, 3).map((f) => ({ name: f.name, required: f.required })),
    [{ name: 'email', required: false }, { name: 'username', required: true }, { name: 'name' }],
  )
  t.like(
    c.flatFields.find((f) => f.name === 'username'),
    { type: 'text', unique: true },
  )
})

test('the object form: requireEmail keeps the email required; requireUsername only counts with email login', (t) => {
  const both = users(
    withAuth({
      loginWithUsername: { allowEmailLogin: true, requireEmail: true, requireUsername: false },
    }),
  )
  t.deepEqual(both.auth && both.auth.loginWithUsername, {
    allowEmailLogin: true,
    requireEmail: true,
    requireUsername: false,
  })
  t.true(both.flatFields.find((f) => f.name === 'email')!.required)
  t.false(both.flatFields.find((f) => f.name === 'username')!.required)
  const onlyName = users(withAuth({ loginWithUsername: { requireUsername: false } }))
  t.true(
    onlyName.auth &&
      onlyName.auth.loginWithUsername &&
      onlyName.auth.loginWithUsername.requireUsername,
  )
  const off = users(withAuth({ loginWithUsername: false }))
  t.false(off.auth && off.auth.loginWithUsername)
  t.false(off.flatFields.some((f) => f.name === 'username'))
})

test('a username field of your own is merged into the auth one (as Payload); a non-boolean option or an unknown key is refused at start', (t) => {
  const merged = sanitizeConfig({
    collections: [
      {
        slug: 'users',
        auth: { loginWithUsername: true },
        fields: [{ name: 'username', type: 'text', label: 'Handle', maxLength: 40 }],
      },
    ],
  }).collections[0].flatFields.filter((f) => f.name === 'username')
  t.like(merged, [{ type: 'text', label: 'Handle', maxLength: 40, required: true, unique: true }])
  t.throws(
    () =>
      sanitizeConfig({
        collections: [
          {
            slug: 'users',
            auth: { loginWithUsername: true },
            fields: [{ name: 'username', type: 'email' }],
          },
        ],
      }),
    { message: /field "username": an auth collection's username field must have type "text"/ },
  )
  t.throws(() => users(withAuth({ loginWithUsername: { requireEmail: 'yes' as never } })), {
    message: /auth\.loginWithUsername\.requireEmail must be true or false/,
  })
  t.throws(() => users(withAuth({ loginWithUsername: { allowEmail: true } as never })), {
    message:
      /collections\[users\]\.auth\.loginWithUsername\.allowEmail is not an option of auth\.loginWithUsername\. .*Did you mean "allowEmailLogin"\?/,
  })
})

test('the auth hooks are accepted; a hook that is not a function is refused', (t) => {
  const hooks = { beforeLogin: [() => undefined], me: [() => undefined] }
  t.is(
    sanitizeConfig({
      collections: [{ slug: 'users', auth: true, fields: [], hooks }],
    }).collectionsBySlug.get('users')!.hooks.beforeLogin.length,
    1,
  )
  t.throws(
    () =>
      sanitizeConfig({
        collections: [
          { slug: 'users', auth: true, fields: [], hooks: { afterMe: ['x' as never] } },
        ],
      }),
    { message: /hooks\.afterMe must be an array of functions/ },
  )
})
