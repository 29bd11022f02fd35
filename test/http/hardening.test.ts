import test from 'ava'
import { startCli } from '../helpers/cli.ts'
import { pino } from 'pino'
import exampleConfig from '../../cms.config.ts'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Config } from '../../server/config/types.ts'
import { trustedProxyHops } from '../../server/http/proxy.ts'
import { listen } from '../../server/http/server.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { freshDatabaseUrl } from '../helpers/db.ts'
import { contractChecker, useServer } from '../helpers/http.ts'
import { behindPrism } from '../helpers/prism.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'

/** Client addresses behind proxies, CSRF on cookie-authenticated writes, security headers, production GraphQL. */
const limited = (trustProxy: number) =>
  useServer(
    test,
    defineConfig({
      collections: [{ slug: 'users', auth: true, fields: [] }],
      rateLimit: { login: { max: 3, windowMs: 60_000 } },
    }),
    undefined,
    { trustProxy },
  )
const direct = limited(0)
const oneProxy = limited(1)
const twoProxies = limited(2)

const failLogin = (server: typeof direct, forwarded: string) =>
  server.request('POST', '/api/users/login', {
    body: { email: 'nobody@example.com', password: 'wrong-password' },
    headers: { 'x-forwarded-for': forwarded },
  })

test('TRUST_PROXY: true is one hop, a number is that many, anything else is refused', (t) => {
  t.is(trustedProxyHops(undefined), 0)
  t.is(trustedProxyHops('false'), 0)
  t.is(trustedProxyHops('true'), 1)
  t.is(trustedProxyHops('2'), 2)
  t.throws(() => trustedProxyHops('yes'), { message: /TRUST_PROXY/ })
})

test('behind one trusted proxy, rotating the leftmost X-Forwarded-For entry does not escape the login limit', async (t) => {
  const statuses: number[] = []
  for (let i = 0; i < 4; i++)
    statuses.push((await failLogin(oneProxy, `10.0.0.${i}, 203.0.113.7`)).status)
  t.deepEqual(statuses, [401, 401, 401, 429])
  // Another client, as the proxy reports it, has its own allowance.
  t.is((await failLogin(oneProxy, '10.0.0.1, 203.0.113.8')).status, 401)
})

test('behind two trusted proxies the client is the second entry from the right', async (t) => {
  const statuses: number[] = []
  for (let i = 0; i < 4; i++)
    statuses.push((await failLogin(twoProxies, `10.0.0.${i}, 198.51.100.4, 192.0.2.1`)).status)
  t.deepEqual(statuses, [401, 401, 401, 429])
  t.is((await failLogin(twoProxies, '10.0.0.9, 198.51.100.5, 192.0.2.1')).status, 401)
})

test('without a trusted proxy X-Forwarded-For is ignored: the socket address counts', async (t) => {
  const statuses: number[] = []
  for (let i = 0; i < 4; i++)
    statuses.push((await failLogin(direct, `10.0.0.${i}, 203.0.113.${i}`)).status)
  t.deepEqual(statuses, [401, 401, 401, 429])
})

// ---- CSRF and headers, on the example app

const app = useServer(test, { ...exampleConfig, email: { sendEmail: () => {} } }, async (cms) => {
  await cms.config.seed!(cms)
})

async function cookieSession(): Promise<{ cookie: string; token: string }> {
  const r = await app.request('POST', '/api/users/login', {
    body: { email: 'alice@example.com', password: 'alice-password' },
  })
  return { cookie: `cms-token=${r.body.token}`, token: r.body.token }
}
async function newOrder(token: string): Promise<number> {
  const r = await app.request('POST', '/api/v1/orders', {
    body: { items: [{ product: 'Pen', quantity: 1, unit_price: 2.5 }] },
    headers: { authorization: `Bearer ${token}` },
  })
  return r.body.data.id
}

test('a cookie-authenticated write needs an allowed Origin or Referer (or X-Requested-With), whatever the body', async (t) => {
  const { cookie, token } = await cookieSession()
  // The server's own host: a proxy in front (Prism in Prism mode) sends the upstream's Host, not its own.
  const host = new URL(app.server.url).host
  const cancel = async (id: number, headers: Record<string, string>) =>
    app.request('POST', `/api/v1/orders/${id}/cancel`, {
      raw: '',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    })

  // The cross-site form of the report: no Origin, no Referer, a form body. Refused, and the order is untouched.
  const id = await newOrder(token)
  const forged = await cancel(id, {})
  t.is(forged.status, 403)
  t.is(
    (
      await app.request('GET', `/api/v1/orders/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).body.data.status,
    'pending',
  )
  t.is((await cancel(id, { origin: 'https://evil.example' })).status, 403)
  t.is((await cancel(id, { referer: 'https://evil.example/page' })).status, 403)
  t.is((await cancel(id, { origin: 'null' })).status, 403)

  t.is((await cancel(id, { origin: `http://${host}` })).status, 200)
  t.is((await cancel(await newOrder(token), { referer: `http://${host}/shop` })).status, 200)
  t.is((await cancel(await newOrder(token), { 'x-requested-with': 'fetch' })).status, 200)
  // Bearer tokens are not sent by browsers on their own: no origin needed.
  t.is(
    (
      await app.request('POST', `/api/v1/orders/${await newOrder(token)}/cancel`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).status,
    200,
  )
})

test("CORS_ORIGINS='*' never makes a foreign origin acceptable for cookie-authenticated writes", async (t) => {
  const fresh = await freshDatabaseUrl()
  const cms = await getCms({ config: { ...exampleConfig, db: { url: fresh.url } } })
  await cms.create({
    collection: 'users',
    data: { email: 'star@example.com', password: 'star-password', roles: ['member'] },
  })
  const server = await listen(cms, { port: 0, logger: pino({ level: 'silent' }), cors: '*' })
  const front = await behindPrism(server.url, import.meta.url)
  try {
    const login = await (
      await fetch(`${front.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'star@example.com', password: 'star-password' }),
      })
    ).json()
    const r = await fetch(`${front.url}/api/v1/orders`, {
      method: 'POST',
      headers: {
        cookie: `cms-token=${login.token}`,
        origin: 'https://anywhere.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ items: [{ product: 'Pen', quantity: 1, unit_price: 1 }] }),
    })
    t.is(r.status, 403)
    t.is(r.headers.get('access-control-allow-credentials'), null)
  } finally {
    await server.close()
    await fresh.drop()
    await front.stop()
  }
})

test('every answer carries nosniff; answers for a logged-in caller are never cached', async (t) => {
  const anonymous = await app.request('GET', '/api/posts', { query: 'limit=1' })
  t.is(anonymous.headers.get('x-content-type-options'), 'nosniff')
  t.not(anonymous.headers.get('cache-control'), 'no-store')
  const unknown = await app.request('GET', '/api/nope', { direct: 'an unknown route' })
  t.is(unknown.headers.get('x-content-type-options'), 'nosniff')
  const { token } = await cookieSession()
  const auth = { authorization: `Bearer ${token}` }
  const mine = await app.request('GET', '/api/users/me', { headers: auth })
  t.is(mine.headers.get('cache-control'), 'no-store')
  t.is(
    (await app.request('GET', '/api/posts', { query: 'limit=1', headers: auth })).headers.get(
      'cache-control',
    ),
    'no-store',
  )
  const gql = await app.request('POST', '/api/graphql', {
    body: { query: '{ meUser { user { email } } }' },
    headers: auth,
  })
  t.is(gql.headers.get('cache-control'), 'no-store')
  t.is(gql.headers.get('x-content-type-options'), 'nosniff')
})

// ---- GraphQL in production

const notes = (extra: Partial<Config> = {}): Config =>
  defineConfig({
    secret: 'a-test-secret-that-is-at-least-32-bytes-long',
    collections: [
      { slug: 'notes', access: { read: () => true }, fields: [{ name: 'text', type: 'text' }] },
    ],
    ...extra,
  })
async function inProduction(
  config: Config,
  fn: (
    gql: (query: string) => Promise<{ errors?: { message: string }[]; data?: unknown }>,
    url: string,
  ) => Promise<void>,
): Promise<void> {
  const env = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  const fresh = await freshDatabaseUrl()
  const cms = await getCms({ config: { ...config, db: { url: fresh.url } } })
  const server = await listen(cms, { port: 0, logger: pino({ level: 'silent' }) })
  try {
    await fn(
      async (query) =>
        (
          await fetch(`${server.url}/api/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query }),
          })
        ).json(),
      server.url,
    )
  } finally {
    await server.close()
    await fresh.drop()
    process.env.NODE_ENV = env
  }
}

test.serial(
  'in production, introspection and "Did you mean" hints are off unless configured',
  async (t) => {
    await inProduction(notes(), async (gql) => {
      const schema = await gql('{ __schema { types { name } } }')
      t.regex(schema.errors?.[0].message ?? '', /introspection/i)
      const typo = await gql('{ Note { txt } }')
      t.truthy(typo.errors?.length)
      t.notRegex(typo.errors![0].message, /Did you mean/)
      t.deepEqual((await gql('{ countNotes { totalDocs } }')).data, {
        countNotes: { totalDocs: 0 },
      })
    })
    await inProduction(
      notes({ graphQL: { disableIntrospectionInProduction: false } }),
      async (gql) => {
        t.falsy((await gql('{ __schema { types { name } } }')).errors)
        t.regex(
          (await gql('{ Notes { docs { txt } } }')).errors![0].message,
          /Did you mean "text"\?/,
        )
      },
    )
  },
)

test.serial(
  'NODE_ENV=production with a missing or short CMS_SECRET refuses to start; 32 bytes start',
  async (t) => {
    const start = (secret: string | undefined) =>
      startCli({ NODE_ENV: 'production', CMS_SECRET: secret })
    const short = await start('too-short')
    t.false(short.started)
    t.not(short.code, 0)
    t.regex(short.stderr, /CMS_SECRET must be at least 32 bytes in production/)
    const missing = await start(undefined)
    t.not(missing.code, 0)
    t.regex(missing.stderr, /CMS_SECRET must be set in production/)
    t.true((await start('a-production-secret-of-at-least-32-bytes')).started)
  },
)

test.serial(
  'in production the API reference is off, and the contract declares the 404 it answers',
  async (t) => {
    await inProduction(notes(), async (_gql, url) => {
      const r = await fetch(`${url}/api/docs`)
      t.is(r.status, 404)
      const check = await contractChecker(compileOpenAPI(sanitizeConfig(notes())))
      const body = JSON.parse(await r.text()) as unknown
      t.notThrows(() =>
        check('GET', new URL(`${url}/api/docs`), r.status, body, r.headers.get('content-type')),
      )
      const described = (compileOpenAPI(sanitizeConfig(notes())) as any).paths['/docs'].get
        .responses['404'].description
      t.regex(described, /Off in production/)
    })
  },
)
