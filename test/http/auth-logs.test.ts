import test from 'ava'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { defineConfig } from '../../server/config/define-config.ts'
import { useServer } from '../helpers/http.ts'

/** Every log line the server writes while users log in, reset passwords and fail, captured at debug level. */
const lines: string[] = []
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk))
    done()
  },
})
const sent: string[] = []

const s = useServer(
  test,
  defineConfig({
    email: {
      sendEmail: (m) => {
        sent.push(/token=([0-9a-f]+)/.exec(m.text ?? '')![1])
      },
    },
    collections: [{ slug: 'users', auth: true, fields: [] }],
  }),
  async (cms) => {
    await cms.create({
      collection: 'users',
      data: { email: 'logs@example.com', password: 'logs-password' },
    })
  },
  { logger: pino({ level: 'debug' }, sink) },
)

test('no password, token, hash, salt or reset token ever reaches a log line', async (t) => {
  const login = await s.request('POST', '/api/users/login', {
    body: { email: 'logs@example.com', password: 'logs-password' },
  })
  const token: string = login.body.token
  await s.request('POST', '/api/users/login', {
    body: { email: 'logs@example.com', password: 'wrong-password' },
  })
  await s.request('GET', '/api/users/me', { headers: { authorization: `Bearer ${token}` } })
  await s.request('POST', '/api/users/forgot-password', { body: { email: 'logs@example.com' } })
  await s.request('POST', '/api/users/reset-password', {
    body: { token: sent[0], password: 'new-logs-password' },
  })
  await s.request('POST', '/api/graphql', {
    body: {
      query:
        'mutation { loginUser(email: "logs@example.com", password: "new-logs-password") { token } }',
    },
  })
  const [row] = await s.cms.db.all<{ hash: string; salt: string }>(
    'SELECT hash, salt FROM users',
    [],
  )
  t.true(lines.length >= 6, 'one line per request at least')
  const all = lines.join('\n')
  for (const secret of [
    'logs-password',
    'new-logs-password',
    'wrong-password',
    token,
    sent[0],
    row.hash,
    row.salt,
  ])
    t.false(all.includes(secret), secret.slice(0, 12))
})
