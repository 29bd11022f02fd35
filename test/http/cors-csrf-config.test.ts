import test from 'ava'
import type { Config } from '../../server/index.ts'
import { useServer } from '../helpers/http.ts'

// Root `cors` and `csrf` as a Payload 3 config writes them. CORS_ORIGINS, when set, overrides `cors`.
const previous = process.env.CORS_ORIGINS
delete process.env.CORS_ORIGINS
test.after.always(() => {
  if (previous === undefined) delete process.env.CORS_ORIGINS
  else process.env.CORS_ORIGINS = previous
})

const SPA = 'https://app.example'
const EDITOR = 'https://editor.example'
const EVIL = 'https://evil.example'

const config: Config = {
  secret: 'x'.repeat(40),
  cors: { origins: [SPA], headers: ['x-tenant'] },
  csrf: [EDITOR],
  collections: [
    { slug: 'users', auth: true, access: { create: () => true }, fields: [] },
    {
      slug: 'notes',
      access: { create: ({ req }) => Boolean(req.user), read: () => true },
      fields: [{ name: 'text', type: 'text' }],
    },
  ],
}

const s = useServer(test, config, async (cms) => {
  await cms.create({
    collection: 'users',
    data: { email: 'a@example.com', password: 'a-password-1' },
  })
})

test('an origin in cors gets the CORS headers (and its preflight, with the configured headers); another none', async (t) => {
  const allowed = await s.request('GET', '/api/notes', { headers: { origin: SPA } })
  t.is(allowed.status, 200)
  t.is(allowed.headers.get('access-control-allow-origin'), SPA)
  t.is(allowed.headers.get('access-control-allow-credentials'), 'true')

  const other = await s.request('GET', '/api/notes', { headers: { origin: EVIL } })
  t.is(other.status, 200)
  t.is(other.headers.get('access-control-allow-origin'), null)

  const preflight = await fetch(`${s.server.url}/api/notes`, {
    method: 'OPTIONS',
    headers: {
      origin: SPA,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  })
  t.is(preflight.status, 204)
  t.is(preflight.headers.get('access-control-allow-headers'), 'content-type, x-tenant')
})

test('a cookie-authenticated write from an origin in csrf (or cors) passes; from another it is refused', async (t) => {
  const login = await s.request('POST', '/api/users/login', {
    body: { email: 'a@example.com', password: 'a-password-1' },
  })
  const cookie = `cms-token=${login.body.token}`
  const write = (origin: string) =>
    s.request('POST', '/api/notes', { body: { text: origin }, headers: { cookie, origin } })
  t.is((await write(EDITOR)).status, 201)
  t.is((await write(SPA)).status, 201)
  const refused = await write(EVIL)
  t.is(refused.status, 403)
  t.regex(refused.body.errors[0].message, /Cross-site request from https:\/\/evil\.example refused/)
})

// The scheme is part of the origin: with an https serverURL, a page of the same host served over http is refused.
const tls = useServer(test, { ...config, serverURL: 'https://cms.example' }, async (cms) => {
  await cms.create({
    collection: 'users',
    data: { email: 'a@example.com', password: 'a-password-1' },
  })
})

test('a cookie-authenticated write from this host over plain http is refused when the server is https', async (t) => {
  const login = await tls.request('POST', '/api/users/login', {
    body: { email: 'a@example.com', password: 'a-password-1' },
  })
  const cookie = `cms-token=${login.body.token}`
  const host = new URL(tls.server.url).host
  const write = (origin: string) =>
    tls.request('POST', '/api/notes', { body: { text: origin }, headers: { cookie, origin } })
  const downgraded = await write(`http://${host}`)
  t.is(downgraded.status, 403)
  t.regex(downgraded.body.errors[0].message, /Cross-site request from http:\/\/.* refused/)
  // The same host over https (TLS ended by a proxy in front) passes.
  t.is((await write(`https://${host}`)).status, 201)
})
