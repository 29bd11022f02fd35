import test from 'ava'
import { PayloadSDK } from '@payloadcms/sdk'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Access } from '../../server/config/types.ts'
import { smtpAdapter } from '../../server/index.ts'
import { useServer } from '../helpers/http.ts'
import { startSmtp, type LoopbackSmtp } from '../helpers/smtp.ts'

/**
 * Issue 20's mail-driven flows over a real SMTP server on loopback (smtp-server) and the SMTP adapter
 * (nodemailer): email verification, unlock, the first user and password-reset messages, through REST (every
 * answer checked against the contract), GraphQL, the Local API and Payload's own SDK, unchanged.
 */
// Before hooks run concurrently: the server's email factory waits for the SMTP server.
const smtpReady = startSmtp({ user: 'cms', pass: 'smtp-secret' }, ['bounce@example.com'])
let smtp: LoopbackSmtp
test.after.always(async () => (await smtpReady).close())

const isAdmin: Access = ({ req }) => req.user?.role === 'admin'
const s = useServer(
  test,
  defineConfig({
    serverURL: 'https://cms.example.com',
    // Payload's adapter form: a function, called once at start (here once the SMTP server listens).
    email: async () => {
      smtp = await smtpReady
      return smtpAdapter({
        host: '127.0.0.1',
        port: smtp.port,
        auth: { user: 'cms', pass: 'smtp-secret' },
        defaultFromAddress: 'cms@example.com',
        defaultFromName: 'CMS Tests',
      })
    },
    rateLimit: {
      login: { max: 1000, windowMs: 60_000 },
      forgotPassword: { max: 1000, windowMs: 60_000 },
      passwordChange: { max: 1000, windowMs: 60_000 },
    },
    collections: [
      {
        slug: 'users',
        auth: { verify: true, maxLoginAttempts: 2, lockTime: 600_000 },
        access: { create: () => true, unlock: isAdmin },
        fields: [
          { name: 'name', type: 'text' },
          { name: 'role', type: 'select', options: ['admin', 'member'], defaultValue: 'member' },
        ],
      },
      {
        slug: 'editors',
        auth: {
          forgotPassword: {
            expiration: 120_000,
            generateEmailSubject: ({ user }) => `Password help for ${String(user.email)}`,
            generateEmailHTML: ({ token, user }) =>
              `<h1>Hello ${String(user.name)}</h1><a href="https://editors.example.com/reset/${token}">reset</a>`,
          },
          verify: {
            generateEmailSubject: () => 'Welcome, editor',
            generateEmailHTML: ({ token }) =>
              `<a href="https://editors.example.com/verify/${token}">verify</a>`,
          },
        },
        fields: [{ name: 'name', type: 'text' }],
      },
    ],
  }),
  async (cms) => {
    // Created by a trusted caller already verified: no verification mail.
    await cms.create({
      collection: 'users',
      data: {
        email: 'admin@example.com',
        password: 'admin-password',
        role: 'admin',
        _verified: true,
      },
    })
    await cms.create({
      collection: 'users',
      data: { email: 'member@example.com', password: 'member-password', _verified: true },
    })
  },
)

const login = (email: string, password: string, slug = 'users') =>
  s.request('POST', `/api/${slug}/login`, { body: { email, password } })
const bearer = async (email: string, password: string) => ({
  authorization: `Bearer ${(await login(email, password)).body.token as string}`,
})
const gql = async (query: string, headers: Record<string, string> = {}) =>
  (await s.request('POST', '/api/graphql', { body: { query }, headers })).body
/** Waits for the SMTP server to have received `n` messages for `address`. */
async function mailsTo(address: string, n = 1) {
  for (let i = 0; i < 100 && smtp.to(address).length < n; i++)
    await new Promise((resolve) => setTimeout(resolve, 20))
  return smtp.to(address)
}
const linkToken = (body: string | undefined, prefix: string) =>
  new RegExp(`${prefix.replace(/[/.?]/g, '\\$&')}([0-9a-f]{40})`).exec(body ?? '')?.[1]

test.serial('no mail for accounts created verified by a trusted caller', (t) => {
  t.deepEqual(smtp.to('admin@example.com'), [])
  t.deepEqual(smtp.to('member@example.com'), [])
})

test.serial(
  'REST sign-up mails a verification link over SMTP; login is a 403 until POST verify/{token}; the token works once',
  async (t) => {
    const signUp = await s.request('POST', '/api/users', {
      // `_verified` from an anonymous caller is dropped by its field access: nobody verifies themselves.
      body: {
        email: 'Carol@Example.com',
        password: 'carol-password',
        name: 'Carol',
        _verified: true,
      },
    })
    t.is(signUp.status, 201)
    t.is(signUp.body.doc.email, 'carol@example.com')
    t.false('_verificationToken' in signUp.body.doc)

    const [mail] = await mailsTo('carol@example.com')
    t.is(mail.subject, 'Verify your email')
    t.is(mail.from, 'CMS Tests <cms@example.com>')
    t.is(mail.envelopeFrom, 'cms@example.com')
    t.is(mail.to, 'carol@example.com')
    const token = linkToken(mail.html, 'https://cms.example.com/users/verify/')
    t.truthy(token, mail.html)
    t.is(linkToken(mail.text, 'https://cms.example.com/users/verify/'), token)

    const refused = await login('carol@example.com', 'carol-password')
    t.is(refused.status, 403)
    t.deepEqual(refused.body.errors, [
      { name: 'UnverifiedEmail', message: 'Please verify your email before logging in.' },
    ])
    // A wrong password is still the 401 of any wrong password (nothing tells the account is unverified).
    t.is((await login('carol@example.com', 'wrong-password')).status, 401)
    // Never stored in clear: the column holds the token's SHA-256.
    const [row] = await s.cms.db.all<{ _verificationToken: string; _verified: unknown }>(
      'SELECT * FROM users WHERE email = ?',
      ['carol@example.com'],
    )
    t.not(row._verificationToken, token)
    t.is(row._verificationToken.length, 64)

    const verified = await s.request('POST', `/api/users/verify/${token}`)
    t.is(verified.status, 200)
    t.deepEqual(verified.body, { message: 'Account verified successfully.' })
    const ok = await login('carol@example.com', 'carol-password')
    t.is(ok.status, 200)
    t.is(ok.body.user._verified, true)

    const again = await s.request('POST', `/api/users/verify/${token}`)
    t.is(again.status, 403)
    t.deepEqual(again.body.errors, [
      { name: 'Forbidden', message: 'Verification token is invalid.' },
    ])
    t.is((await s.request('POST', '/api/users/verify/not-a-token')).status, 403)
  },
)

test.serial(
  'GraphQL verifyEmail<Singular>(token); a used or unknown token is FORBIDDEN',
  async (t) => {
    await s.cms.create({
      collection: 'users',
      data: { email: 'gql@example.com', password: 'gql-password' },
    })
    const [mail] = await mailsTo('gql@example.com')
    const token = linkToken(mail.html, '/users/verify/')!
    const first = await gql(`mutation { verifyEmailUser(token: "${token}") }`)
    t.deepEqual(first, { data: { verifyEmailUser: true } })
    const second = await gql(`mutation { verifyEmailUser(token: "${token}") }`)
    t.is(second.errors[0].message, 'Verification token is invalid.')
    t.is(second.errors[0].extensions.code, 'FORBIDDEN')
    t.is((await login('gql@example.com', 'gql-password')).status, 200)
  },
)

test.serial(
  'Local: verifyEmail; disableVerificationEmail; a logged-in admin may create verified accounts, and read _verified',
  async (t) => {
    const quiet = await s.cms.create({
      collection: 'users',
      data: { email: 'quiet@example.com', password: 'quiet-password' },
      disableVerificationEmail: true,
    })
    t.is(quiet._verified, false)
    await new Promise((resolve) => setTimeout(resolve, 100))
    t.deepEqual(smtp.to('quiet@example.com'), [])
    await t.throwsAsync(s.cms.verifyEmail({ collection: 'users', token: 'f'.repeat(40) }), {
      message: 'Verification token is invalid.',
    })

    const admin = await bearer('admin@example.com', 'admin-password')
    const made = await s.request('POST', '/api/users', {
      headers: admin,
      body: { email: 'made@example.com', password: 'made-password', _verified: true },
    })
    t.is(made.body.doc._verified, true)
    t.is((await login('made@example.com', 'made-password')).status, 200)
    await new Promise((resolve) => setTimeout(resolve, 100))
    t.deepEqual(smtp.to('made@example.com'), [])

    await s.cms.create({
      collection: 'users',
      data: { email: 'local@example.com', password: 'local-password' },
    })
    const token = linkToken((await mailsTo('local@example.com'))[0].html, '/users/verify/')!
    t.true(await s.cms.verifyEmail({ collection: 'users', token }))
    t.is((await login('local@example.com', 'local-password')).status, 200)
  },
)

test.serial('a verification mail that cannot be delivered rolls the account back', async (t) => {
  const res = await s.request('POST', '/api/users', {
    body: { email: 'bounce@example.com', password: 'bounce-password' },
  })
  t.is(res.status, 500)
  const { totalDocs } = await s.cms.count({
    collection: 'users',
    where: { email: { equals: 'bounce@example.com' } },
  })
  t.is(totalDocs, 0)
})

async function lockOut(email: string, password: string) {
  await s.cms.create({
    collection: 'users',
    data: { email, password, _verified: true },
  })
  for (let i = 0; i < 2; i++) t401(await login(email, 'wrong-password'))
  const locked = await login(email, password)
  if (locked.status !== 401 || locked.body.errors[0].name !== 'LockedAuth')
    throw new Error(`not locked: ${JSON.stringify(locked.body)}`)
}
const t401 = (res: { status: number }) => {
  if (res.status !== 401) throw new Error(`expected 401, got ${res.status}`)
}

test.serial(
  'REST unlock: access.unlock decides (401 anonymous, 403 member), an admin unlocks, login works again',
  async (t) => {
    await lockOut('locked@example.com', 'locked-password')
    const body = { email: 'locked@example.com' }
    t.is((await s.request('POST', '/api/users/unlock', { body })).status, 401)
    const member = await bearer('member@example.com', 'member-password')
    t.is((await s.request('POST', '/api/users/unlock', { body, headers: member })).status, 403)
    const admin = await bearer('admin@example.com', 'admin-password')
    const unknown = await s.request('POST', '/api/users/unlock', {
      body: { email: 'nobody@example.com' },
      headers: admin,
    })
    t.is(unknown.status, 403)
    const missing = await s.request('POST', '/api/users/unlock', {
      body: {},
      headers: admin,
      invalid: 'the email is required',
    })
    t.is(missing.status, 400)
    const done = await s.request('POST', '/api/users/unlock', { body, headers: admin })
    t.is(done.status, 200)
    t.deepEqual(done.body, { message: 'Success' })
    t.is((await login('locked@example.com', 'locked-password')).status, 200)
  },
)

test.serial('GraphQL unlock<Singular>(email) and Local unlock', async (t) => {
  await lockOut('gqllock@example.com', 'gqllock-password')
  const anonymous = await gql('mutation { unlockUser(email: "gqllock@example.com") }')
  t.is(anonymous.errors[0].extensions.code, 'UNAUTHENTICATED')
  const admin = await bearer('admin@example.com', 'admin-password')
  t.deepEqual(await gql('mutation { unlockUser(email: "gqllock@example.com") }', admin), {
    data: { unlockUser: true },
  })
  t.is((await login('gqllock@example.com', 'gqllock-password')).status, 200)

  await lockOut('locallock@example.com', 'locallock-password')
  t.true(await s.cms.unlock({ collection: 'users', data: { email: 'locallock@example.com' } }))
  t.is((await login('locallock@example.com', 'locallock-password')).status, 200)
  // With overrideAccess: false, access.unlock applies to Local callers too.
  await t.throwsAsync(
    s.cms.unlock({
      collection: 'users',
      data: { email: 'locallock@example.com' },
      overrideAccess: false,
      user: { id: 2, collection: 'users', role: 'member' },
    }),
    { name: 'Forbidden' },
  )
})

test.serial(
  'first user: GET init is false, POST first-register creates (verified), logs in, sets the cookie; then 403',
  async (t) => {
    t.deepEqual((await s.request('GET', '/api/editors/init')).body, { initialized: false })
    t.deepEqual(await gql('{ initializedEditor }'), { data: { initializedEditor: false } })
    const first = await s.request('POST', '/api/editors/first-register', {
      body: { email: 'first@example.com', password: 'first-password', name: 'First' },
    })
    t.is(first.status, 200)
    t.is(first.body.message, 'Successfully registered first user.')
    t.is(first.body.user.email, 'first@example.com')
    t.is(first.body.user._verified, true)
    t.regex(first.headers.get('set-cookie') ?? '', /^cms-token=[^;]+; Path=\/; HttpOnly/)
    const me = await s.request('GET', '/api/editors/me', {
      headers: { authorization: `Bearer ${first.body.token as string}` },
    })
    t.is(me.body.user.email, 'first@example.com')
    // Verified on creation: no mail, and login works.
    await new Promise((resolve) => setTimeout(resolve, 100))
    t.deepEqual(smtp.to('first@example.com'), [])
    t.is((await login('first@example.com', 'first-password', 'editors')).status, 200)

    t.deepEqual((await s.request('GET', '/api/editors/init')).body, { initialized: true })
    t.deepEqual(await gql('{ initializedEditor }'), { data: { initializedEditor: true } })
    const second = await s.request('POST', '/api/editors/first-register', {
      body: { email: 'second@example.com', password: 'second-password' },
    })
    t.is(second.status, 403)
    t.true(await s.cms.initialized({ collection: 'editors' }))
    const invalid = await s.request('POST', '/api/users/first-register', {
      body: { email: 'not-an-email', password: 'short' },
      invalid: 'a password under 8 characters',
    })
    t.is(invalid.status, 400)
  },
)

test.serial(
  'forgot-password mails through the adapter: generateEmailSubject/HTML, expiration; disableEmail returns the token only',
  async (t) => {
    await s.cms.create({
      collection: 'editors',
      data: { email: 'ed@example.com', password: 'ed-password', name: 'Ed', _verified: true },
    })
    const res = await s.request('POST', '/api/editors/forgot-password', {
      body: { email: 'ed@example.com' },
    })
    t.deepEqual(res.body, { message: 'Success' })
    const [mail] = await mailsTo('ed@example.com')
    t.is(mail.subject, 'Password help for ed@example.com')
    t.regex(mail.html ?? '', /^<h1>Hello Ed<\/h1>/)
    t.is(mail.text, undefined)
    const token = linkToken(mail.html, 'https://editors.example.com/reset/')!
    const [row] = await s.cms.db.all<{ resetPasswordExpiration: string }>(
      'SELECT * FROM editors WHERE email = ?',
      ['ed@example.com'],
    )
    const left = Date.parse(row.resetPasswordExpiration) - Date.now()
    t.true(left > 100_000 && left <= 120_000, `expiration from auth.forgotPassword: ${left} ms`)
    const reset = await s.request('POST', '/api/editors/reset-password', {
      body: { token, password: 'ed-new-password' },
    })
    t.is(reset.status, 200)

    const before = smtp.to('ed@example.com').length
    const quiet = await s.cms.forgotPassword({
      collection: 'editors',
      data: { email: 'ed@example.com' },
      disableEmail: true,
      expiration: 1000,
    })
    t.regex(quiet!, /^[0-9a-f]{40}$/)
    await new Promise((resolve) => setTimeout(resolve, 100))
    t.is(smtp.to('ed@example.com').length, before)
    const [later] = await s.cms.db.all<{ resetPasswordExpiration: string }>(
      'SELECT * FROM editors WHERE email = ?',
      ['ed@example.com'],
    )
    t.true(Date.parse(later.resetPasswordExpiration) - Date.now() <= 1000)
  },
)

test.serial('an editor created unverified gets the configured verification message', async (t) => {
  await s.cms.create({
    collection: 'editors',
    data: { email: 'new-ed@example.com', password: 'new-ed-password' },
  })
  const [mail] = await mailsTo('new-ed@example.com')
  t.is(mail.subject, 'Welcome, editor')
  const token = linkToken(mail.html, 'https://editors.example.com/verify/')!
  t.is((await login('new-ed@example.com', 'new-ed-password', 'editors')).status, 403)
  t.is((await s.request('POST', `/api/editors/verify/${token}`)).status, 200)
  t.is((await login('new-ed@example.com', 'new-ed-password', 'editors')).status, 200)
})

test.serial(
  'cms.sendEmail delivers any message from the default sender; a bad message is a 400',
  async (t) => {
    await s.cms.sendEmail({
      to: ['one@example.com', 'two@example.com'],
      subject: 'Weekly digest',
      text: 'Three new posts.',
      html: '<p>Three new posts.</p>',
    })
    const [mail] = await mailsTo('two@example.com')
    t.deepEqual(mail.envelopeTo, ['one@example.com', 'two@example.com'])
    t.is(mail.subject, 'Weekly digest')
    t.is(mail.from, 'CMS Tests <cms@example.com>')
    t.is(mail.text?.trim(), 'Three new posts.')
    t.is(mail.html?.trim(), '<p>Three new posts.</p>')
    await s.cms.sendEmail({
      to: 'three@example.com',
      from: 'news@example.com',
      subject: 'From elsewhere',
    })
    t.is((await mailsTo('three@example.com'))[0].envelopeFrom, 'news@example.com')
    await t.throwsAsync(s.cms.sendEmail({ to: [], subject: 'x' }), { name: 'BadRequest' })
    await t.throwsAsync(s.cms.sendEmail({ to: 'a@example.com' } as never), { name: 'BadRequest' })
  },
)

test.serial(
  "Payload's SDK, unchanged: verifyEmail, forgotPassword, resetPassword and login; request() unlocks",
  async (t) => {
    const sdk = new PayloadSDK({ baseURL: `${s.url}/api`, fetch: s.fetch })
    await sdk.create({
      collection: 'users' as never,
      data: { email: 'sdk@example.com', password: 'sdk-password' } as never,
    })
    const token = linkToken((await mailsTo('sdk@example.com'))[0].html, '/users/verify/')!
    await t.throwsAsync(
      sdk.login({
        collection: 'users' as never,
        data: { email: 'sdk@example.com', password: 'sdk-password' },
      }),
      { message: 'Please verify your email before logging in.' },
    )
    t.deepEqual(await sdk.verifyEmail({ collection: 'users' as never, token }), {
      message: 'Account verified successfully.',
    })
    const loggedIn = await sdk.login({
      collection: 'users' as never,
      data: { email: 'sdk@example.com', password: 'sdk-password' },
    })
    t.is(loggedIn.user.email, 'sdk@example.com')

    t.deepEqual(
      await sdk.forgotPassword({
        collection: 'users' as never,
        data: { email: 'sdk@example.com' },
      }),
      { message: 'Success' },
    )
    const reset = linkToken((await mailsTo('sdk@example.com', 2))[1].html, 'reset-password?token=')!
    const after = await sdk.resetPassword({
      collection: 'users' as never,
      data: { token: reset, password: 'sdk-new-password' },
    })
    t.is(after.user.email, 'sdk@example.com')

    // Lock the account, then unlock it through the SDK's request() (the SDK has no unlock method).
    for (let i = 0; i < 2; i++)
      await t.throwsAsync(
        sdk.login({
          collection: 'users' as never,
          data: { email: 'sdk@example.com', password: 'wrong-password' },
        }),
      )
    await t.throwsAsync(
      sdk.login({
        collection: 'users' as never,
        data: { email: 'sdk@example.com', password: 'sdk-new-password' },
      }),
      { message: 'This user is locked due to having too many failed login attempts.' },
    )
    const admin = await sdk.login({
      collection: 'users' as never,
      data: { email: 'admin@example.com', password: 'admin-password' },
    })
    const res = await sdk.request({
      method: 'POST',
      path: '/users/unlock',
      json: { email: 'sdk@example.com' },
      init: { headers: { authorization: `Bearer ${admin.token!}` } },
    })
    t.deepEqual(await res.json(), { message: 'Success' })
    const back = await sdk.login({
      collection: 'users' as never,
      data: { email: 'sdk@example.com', password: 'sdk-new-password' },
    })
    t.truthy(back.token)
  },
)
