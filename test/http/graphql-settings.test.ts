import test from 'ava'
import { pino } from 'pino'
import { defineConfig } from '../../server/config/define-config.ts'
import type { CollectionConfig, Config } from '../../server/config/types.ts'
import { listen } from '../../server/http/server.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { freshDatabaseUrl } from '../helpers/db.ts'
import { launchBrowser } from '../helpers/browser.ts'

const notes: CollectionConfig = {
  slug: 'notes',
  access: { read: () => true },
  fields: [{ name: 'text', type: 'text' }],
}
const base = (extra: Partial<Config> = {}): Config =>
  defineConfig({
    secret: 'a-test-secret-that-is-at-least-32-bytes-long',
    collections: [notes],
    ...extra,
  })

/** Starts a server for `config`, runs `fn` against its URL, and stops it. */
async function withServer(config: Config, fn: (url: string) => Promise<void>): Promise<void> {
  const fresh = await freshDatabaseUrl()
  const cms = await getCms({ config: { ...config, db: { url: fresh.url } } })
  await cms.create({ collection: 'notes', data: { text: 'Hello from the playground' } })
  const server = await listen(cms, { port: 0, logger: pino({ level: 'silent' }) })
  try {
    await fn(server.url)
  } finally {
    await server.close()
    await fresh.drop()
  }
}
const post = (url: string, query: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  })

test.serial('graphQL.disable removes GraphQL entirely: both paths are 404', async (t) => {
  await withServer(base({ graphQL: { disable: true } }), async (url) => {
    t.is((await post(`${url}/api/graphql`, '{ __typename }')).status, 404)
    t.is((await fetch(`${url}/api/graphql-playground`)).status, 404)
    t.is((await fetch(`${url}/api/notes`)).status, 200)
  })
})

test.serial('routes.graphQL and routes.graphQLPlayground move both paths', async (t) => {
  await withServer(
    base({ routes: { graphQL: '/gql', graphQLPlayground: '/play' } }),
    async (url) => {
      const r = await post(`${url}/api/gql`, '{ countNotes { totalDocs } }')
      t.deepEqual(await r.json(), { data: { countNotes: { totalDocs: 1 } } })
      t.is((await post(`${url}/api/graphql`, '{ __typename }')).status, 404)
      t.is((await fetch(`${url}/api/play`)).status, 200)
      t.is((await fetch(`${url}/api/graphql-playground`)).status, 404)
    },
  )
})

test.serial(
  'the playground is off in production unless disablePlaygroundInProduction is false',
  async (t) => {
    const env = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      await withServer(base(), async (url) => {
        t.is((await fetch(`${url}/api/graphql-playground`)).status, 404)
        t.is(
          (await post(`${url}/api/graphql`, '{ countNotes { totalDocs } }')).status,
          200,
          'GraphQL itself stays on',
        )
      })
      await withServer(base({ graphQL: { disablePlaygroundInProduction: false } }), async (url) => {
        t.is((await fetch(`${url}/api/graphql-playground`)).status, 200)
      })
    } finally {
      process.env.NODE_ENV = env
    }
  },
)

test.serial(
  'the playground page loads in headless Chromium with assets from npm, runs a query and shows the result',
  async (t) => {
    await withServer(base(), async (url) => {
      const page = await fetch(`${url}/api/graphql-playground`)
      t.regex(page.headers.get('content-type') ?? '', /text\/html/)
      t.regex(page.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/)
      t.is(page.headers.get('x-frame-options'), 'DENY')
      const html = await page.text()
      t.false(
        /https?:\/\/(?!127\.0\.0\.1)/.test(html.replace(/<!doctype[^>]*>/i, '')),
        'no external URLs',
      )
      const js = await fetch(`${url}/api/graphql-playground/assets/graphiql.js`)
      t.regex(js.headers.get('content-type') ?? '', /javascript/)

      const browser = await launchBrowser()
      try {
        const tab = await browser.newPage()
        const outside: string[] = []
        tab.on('request', (r) => {
          if (!r.url().startsWith(url) && !r.url().startsWith('data:')) outside.push(r.url())
        })
        // The page works under its Content-Security-Policy: nothing it needs is blocked.
        const violations: string[] = []
        tab.on('console', (m) => {
          if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
        })
        await tab.addInitScript(() =>
          document.addEventListener('securitypolicyviolation', (e) =>
            console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`),
          ),
        )
        await tab.goto(
          `${url}/api/graphql-playground?query=${encodeURIComponent('{ Notes { docs { text } totalDocs } }')}`,
        )
        await tab.waitForSelector('.graphiql-execute-button', { timeout: 30_000 })
        await tab.click('.graphiql-execute-button')
        await tab.waitForFunction(
          () =>
            document
              .querySelector('.result-window')
              ?.textContent?.includes('Hello from the playground'),
          undefined,
          { timeout: 30_000 },
        )
        const result = await tab.textContent('.result-window')
        t.true(result?.includes('"totalDocs": 1'))
        t.deepEqual(outside, [])
        t.deepEqual(violations, [])
      } finally {
        await browser.close()
      }
    })
  },
)

test.serial(
  "issue 57: with the admin's auth cookie, the playground's queries pass the CSRF check (same-origin Origin)",
  async (t) => {
    const users: CollectionConfig = { slug: 'users', auth: true, fields: [] }
    await withServer(base({ collections: [notes, users] }), async (url) => {
      const account = { email: 'dev@example.com', password: 'dev-password-1' }
      const first = await fetch(`${url}/api/users/first-register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      })
      t.is(first.status, 200)
      const browser = await launchBrowser()
      try {
        const tab = await browser.newPage()
        // Logged in as in the admin: the HTTP-only cookie in the browser's jar.
        t.is(
          (await tab.context().request.post(`${url}/api/users/login`, { data: account })).status(),
          200,
        )
        // The headers as sent (the network stack adds Origin and Referer after the page's fetch).
        const sending: Promise<Record<string, string>>[] = []
        tab.on('request', (r) => {
          if (r.url() === `${url}/api/graphql`) sending.push(r.allHeaders())
        })
        await tab.goto(
          `${url}/api/graphql-playground?query=${encodeURIComponent('{ meUser { user { email } } }')}`,
        )
        await tab.waitForSelector('.graphiql-execute-button', { timeout: 30_000 })
        await tab.click('.graphiql-execute-button')
        await tab.waitForFunction(
          () =>
            /dev@example\.com|errors/.test(
              document.querySelector('.result-window')?.textContent ?? '',
            ),
          undefined,
          { timeout: 30_000 },
        )
        const result = await tab.textContent('.result-window')
        t.true(result?.includes('"email": "dev@example.com"'), result ?? '')
        // Chromium names the page's own origin (Origin, or the page's address as Referer), which the CSRF check
        // accepts; under the page's former `Referrer-Policy: no-referrer` it sent neither, and every query was a 403.
        const sent = await Promise.all(sending)
        t.true(sent.length > 0)
        for (const h of sent) t.is(new URL(h.origin ?? h.referer ?? 'about:blank').origin, url)
      } finally {
        await browser.close()
      }
      // The server's check is unchanged: a cookie-authenticated POST from an opaque origin is still refused.
      const login = await fetch(`${url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      })
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]
      const opaque = await fetch(`${url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: 'null' },
        body: JSON.stringify({ query: '{ meUser { user { email } } }' }),
      })
      t.is(opaque.status, 403)
    })
  },
)
