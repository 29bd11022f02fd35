import test from 'ava'
import { pbkdf2Sync } from 'node:crypto'
import exampleConfig from '../../cms.config.ts'
import { PBKDF2, pbkdf2Iterations, TEST_ITERATIONS_VARIABLE } from '../../server/auth/password.ts'
import type { CollectionConfig, Config } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Password changes: hashed outside the write's transaction, rate limited, and ending the user's other sessions.
 * This file hashes at the real cost (600,000 iterations): the test run's lower one (CMS_TEST_PBKDF2_ITERATIONS,
 * docs/testing.md) is dropped before any server starts, since the tests below are about what that cost does.
 */
delete process.env[TEST_ITERATIONS_VARIABLE]
const withUsersAuth = (auth: CollectionConfig['auth']): Config => ({
  ...exampleConfig,
  email: { sendEmail: () => {} },
  collections: exampleConfig.collections!.map((c) => (c.slug === 'users' ? { ...c, auth } : c)),
})
const s = useServer(
  test,
  { ...withUsersAuth(true), rateLimit: { passwordChange: { max: 3, windowMs: 60_000 } } },
  async (cms) => {
    await cms.config.seed!(cms)
  },
)
const short = useServer(
  test,
  withUsersAuth({ tokenExpiration: 60, sessionLifetime: 2 }),
  async (cms) => {
    await cms.create({
      collection: 'users',
      data: { email: 'short@example.com', password: 'short-password', roles: ['member'] },
    })
  },
)

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
async function login(
  server: typeof s,
  email: string,
  password: string,
): Promise<{ token: string; exp: number; id: number }> {
  const r = await server.request('POST', '/api/users/login', { body: { email, password } })
  return { token: r.body.token, exp: r.body.exp, id: r.body.user.id }
}

test.serial(
  'a password change ends every other session of the user; the session that made it keeps working',
  async (t) => {
    const a1 = await login(s, 'bob@example.com', 'bob-password')
    const a2 = await login(s, 'bob@example.com', 'bob-password')
    const changed = await s.request('PATCH', `/api/users/${a1.id}`, {
      body: { password: 'bob-new-password' },
      headers: bearer(a1.token),
    })
    t.is(changed.status, 200)
    t.is(
      (await s.request('GET', `/api/users/${a1.id}`, { headers: bearer(a2.token) })).status,
      401,
      'the other session is dead',
    )
    t.is(
      (await s.request('GET', `/api/users/${a1.id}`, { headers: bearer(a1.token) })).status,
      200,
      'the changing session lives',
    )
    // An admin setting the password ends all of the user's sessions.
    const admin = await login(s, 'admin@example.com', 'admin-password')
    t.is(
      (
        await s.request('PATCH', `/api/users/${a1.id}`, {
          body: { password: 'bob-third-password' },
          headers: bearer(admin.token),
        })
      ).status,
      200,
    )
    t.is((await s.request('GET', `/api/users/${a1.id}`, { headers: bearer(a1.token) })).status, 401)
    t.is(
      (await s.request('GET', '/api/users/me', { headers: bearer(admin.token) })).status,
      200,
      "the admin's own session is untouched",
    )
    t.is(
      (
        await s.request('POST', '/api/users/login', {
          body: { email: 'bob@example.com', password: 'bob-third-password' },
        })
      ).status,
      200,
    )
  },
)

test.serial(
  'hashing happens before the transaction opens: reads go on while a password is hashed',
  async (t) => {
    // PBKDF2 takes about 180 ms. On SQLite an open transaction holds the only connection, so hashing inside it
    // stalled every other request; now reads complete while the hash is computed.
    const { token, id } = await login(s, 'alice@example.com', 'alice-password')
    // Open a second keep-alive connection first, so the reads below need no new one while the change runs.
    await Promise.all(
      [1, 2].map(() => s.request('GET', '/api/posts', { query: 'limit=1&depth=0' })),
    )
    let done = false
    const change = s
      .request('PATCH', `/api/users/${id}`, {
        body: { password: 'alice-new-password' },
        headers: bearer(token),
      })
      .finally(() => {
        done = true
      })
    let reads = 0
    while (!done) {
      const r = await s.request('GET', '/api/posts', { query: 'limit=1&depth=0' })
      t.is(r.status, 200)
      if (!done) reads++
    }
    t.is((await change).status, 200)
    t.log(`${reads} reads completed while the password change was in flight`)
    t.true(reads >= 3, `only ${reads} reads completed while the password was hashed`)
  },
)

test.serial(
  'writes that set a password are rate limited per address, like logins; other writes are not',
  async (t) => {
    const admin = await login(s, 'admin@example.com', 'admin-password')
    const make = (n: number) =>
      s.request('POST', '/api/users', {
        body: { email: `rl${n}@example.com`, password: 'rate-limit-password', roles: ['member'] },
        headers: bearer(admin.token),
      })
    // Two password changes were made by the tests before (limit 3 a minute for this address).
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await make(i)).status)
    t.true(statuses.includes(429))
    const refused = await make(9)
    t.is(refused.status, 429)
    t.regex(refused.headers.get('retry-after') ?? '', /^\d+$/)
    // GraphQL counts against the same limit.
    const gql = await s.request('POST', '/api/graphql', {
      body: {
        query: `mutation { updateUser(id: ${admin.id}, data: { password: "admin-password-2" }) { id } }`,
      },
      headers: bearer(admin.token),
    })
    t.is(gql.body.errors?.[0].extensions?.code, 'TOO_MANY_REQUESTS')
    // Writes without a password are not limited.
    t.is(
      (
        await s.request('PATCH', `/api/users/${admin.id}`, {
          body: { name: 'Still Ada' },
          headers: bearer(admin.token),
        })
      ).status,
      200,
    )
  },
)

test('a session ends auth.sessionLifetime after its login, however often it is refreshed', async (t) => {
  const started = Math.floor(Date.now() / 1000)
  const { token, exp } = await login(short, 'short@example.com', 'short-password')
  t.true(exp <= started + 3, `the first token ends with the session (${exp - started} s)`)
  const refreshed = await short.request('POST', '/api/users/refresh-token', {
    headers: bearer(token),
  })
  t.is(refreshed.status, 200)
  t.true(refreshed.body.exp <= started + 3, 'a refresh does not move the end past the lifetime')
  await new Promise((resolve) => setTimeout(resolve, 2200))
  t.is(
    (
      await short.request('POST', '/api/users/refresh-token', {
        headers: bearer(refreshed.body.refreshedToken),
      })
    ).status,
    401,
  )
  t.is((await short.request('GET', '/api/users/me', { headers: bearer(token) })).status, 401)
})

test.serial(
  'passwords are PBKDF2-SHA256 at 600,000 iterations; only a test process may lower the count',
  async (t) => {
    t.is(pbkdf2Iterations(), 600_000)
    await s.cms.create({
      collection: 'users',
      data: { email: 'cost@example.com', password: 'cost-password', roles: ['member'] },
    })
    const [row] = await s.cms.db.all<{ hash: string; salt: string }>(
      'SELECT hash, salt FROM users WHERE email = ?',
      ['cost@example.com'],
    )
    t.is(
      pbkdf2Sync('cost-password', row.salt, 600_000, PBKDF2.keyLength, PBKDF2.digest).toString(
        'hex',
      ),
      row.hash,
      'the stored hash is the 600,000-iteration key of the password and its salt',
    )
    const env = { ...process.env }
    try {
      process.env[TEST_ITERATIONS_VARIABLE] = '1000'
      t.is(pbkdf2Iterations(), 1000, 'under NODE_ENV=test (ava)')
      process.env.NODE_ENV = 'production'
      t.is(pbkdf2Iterations(), 600_000, 'a deployment cannot lower the cost')
      delete process.env.NODE_ENV
      t.is(pbkdf2Iterations(), 600_000)
      process.env.NODE_ENV = 'test'
      process.env[TEST_ITERATIONS_VARIABLE] = 'many'
      t.throws(pbkdf2Iterations, {
        message: /CMS_TEST_PBKDF2_ITERATIONS must be a positive integer/,
      })
    } finally {
      process.env = env
    }
  },
)
