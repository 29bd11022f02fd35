import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { useServer } from '../helpers/http.ts'

const s = useServer(
  test,
  defineConfig({
    rateLimit: {
      login: { max: 5, windowMs: 60_000 },
      forgotPassword: { max: 3, windowMs: 60_000 },
    },
    email: { sendEmail: () => {} },
    collections: [{ slug: 'users', auth: true, fields: [] }],
  }),
  async (cms) => {
    await cms.create({
      collection: 'users',
      data: { email: 'limit@example.com', password: 'limit-password' },
    })
  },
)
const login = (email: string, password: string) =>
  s.request('POST', '/api/users/login', { body: { email, password } })

test.serial('successful logins never use up the per-address allowance', async (t) => {
  for (let i = 0; i < 8; i++) t.is((await login('limit@example.com', 'limit-password')).status, 200)
})

test.serial(
  'failed logins and forgot-password requests per address answer 429 with Retry-After',
  async (t) => {
    const statuses = []
    for (let i = 0; i < 6; i++)
      statuses.push((await login(`nobody-${i}@example.com`, 'wrong-password')).status)
    t.deepEqual(statuses, [401, 401, 401, 401, 401, 429])
    const blocked = await login('limit@example.com', 'limit-password')
    t.is(
      blocked.status,
      429,
      'blocked for everyone from this address, right password included, until the window ends',
    )
    t.true(Number(blocked.headers.get('retry-after')) > 0)
    t.is(blocked.body.errors[0].name, 'TooManyRequests')
    const forgot = []
    for (let i = 0; i < 4; i++)
      forgot.push(
        (
          await s.request('POST', '/api/users/forgot-password', {
            body: { email: 'limit@example.com' },
          })
        ).status,
      )
    t.deepEqual(forgot, [200, 200, 200, 429])
    // The counters live in the database: another server process on it would see the same.
    const [row] = await s.cms.db.all<{ hits: number }>(
      "SELECT hits FROM cms_rate_limits WHERE bucket LIKE 'login:%'",
      [],
    )
    t.is(Number(row.hits), 5)
  },
)
