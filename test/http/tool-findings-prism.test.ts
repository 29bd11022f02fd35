import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import { useServer } from '../helpers/http.ts'

/**
 * What Prism (docs/contracts.md, "Prism validating proxy") found, each kept as a regression test. Every answer
 * here is checked against the contract by useServer, so an undeclared status fails the test as it failed Prism.
 */
const s = useServer(test, { ...exampleConfig, email: { sendEmail: () => {} } }, async (cms) => {
  await cms.config.seed!(cms)
})

const foreign = { origin: 'https://anywhere.example' }
async function cookie(): Promise<string> {
  const r = await s.request('POST', '/api/users/login', {
    body: { email: 'alice@example.com', password: 'alice-password' },
  })
  return `cms-token=${r.body.token}`
}

// Found through hardening.test.ts ("CORS_ORIGINS='*' never makes a foreign origin acceptable…"): the server refuses
// a cross-site cookie-authenticated write with 403 on every operation, and v1CreateOrder and v1Logout did not
// declare 403 (Prism: "Unable to match the returned status code with those defined in the document").
test('a cross-site cookie-authenticated write to the orders API is a 403 its operation declares', async (t) => {
  const headers = { cookie: await cookie(), ...foreign }
  const create = await s.request('POST', '/api/v1/orders', {
    body: { items: [{ product: 'Pen', quantity: 1, unit_price: 1 }] },
    headers,
  })
  t.is(create.status, 403)
  t.is(create.headers.get('content-type'), 'application/problem+json')
  const logout = await s.request('POST', '/api/v1/auth/logout', { headers })
  t.is(logout.status, 403)
})
