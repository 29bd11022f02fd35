import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Regressions for what the independent contract testers found (scripts/contract-testers/, docs/contracts.md
 * "Independent contract testers"), on the example app, every response checked against its contract.
 */
const s = useServer(test, { ...exampleConfig, email: { sendEmail: () => {} } }, (cms) =>
  cms.config.seed!(cms),
)

async function admin(): Promise<Record<string, string>> {
  const body = { email: 'admin@example.com', password: 'admin-password' }
  const login = await s.request('POST', '/api/users/login', { body })
  return { authorization: `Bearer ${login.body.token}` }
}

// Portman, anonymous variation of `updatePosts` with an empty `where`: the 400 described the query to a caller
// the operation turns away. Access answers first, for a malformed query or body as for one the contract refuses.
test('a caller refused by access gets 401, not a 400 about a malformed where or body', async (t) => {
  for (const [method, path, query] of [
    ['PATCH', '/api/posts', 'where='],
    ['DELETE', '/api/posts', 'where={not json'],
    ['GET', '/api/users', 'where=[1]'],
    ['DELETE', '/api/categories', `where=${'{"a":'.repeat(40)}1${'}'.repeat(40)}`],
  ] as const) {
    const r = await s.request(method, path, {
      query,
      raw: method === 'PATCH' ? '{}' : undefined,
      invalid: 'a malformed where, on purpose',
    })
    t.is(r.status, 401, `${method} ${path}?${query}`)
  }
  const r = await s.request('POST', '/api/categories', {
    raw: '{"name": ',
    headers: { 'content-type': 'application/json' },
    direct: 'malformed JSON (Prism never answers it)',
  })
  t.is(r.status, 401)
})

test('a caller access lets in still learns what is malformed', async (t) => {
  const headers = await admin()
  const where = await s.request('PATCH', '/api/posts', {
    query: 'where=',
    raw: '{}',
    headers,
    invalid: 'an empty where, on purpose',
  })
  t.is(where.status, 400)
  t.regex(where.body.errors[0].message, /where is not valid JSON/)
  const body = await s.request('POST', '/api/categories', {
    raw: '{"name": ',
    headers: { ...headers, 'content-type': 'application/json' },
    direct: 'malformed JSON (Prism never answers it)',
  })
  t.is(body.status, 400)
  t.is(body.body.errors[0].message, 'Invalid JSON')
  t.regex(body.body.errors[0].data.reason, /not valid JSON/)
})
