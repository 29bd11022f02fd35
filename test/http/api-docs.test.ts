import test from 'ava'
import { mkdir } from 'node:fs/promises'
import exampleConfig from '../../cms.config.ts'
import { buildSchema } from 'graphql'
import { readFile } from 'node:fs/promises'
import { useServer } from '../helpers/http.ts'
import { launchBrowser } from '../helpers/browser.ts'

const s = useServer(test, exampleConfig)

test('the contract and the SDL are served for third parties, identical to the committed files', async (t) => {
  const contract = await s.request('GET', '/api/openapi.json')
  t.deepEqual(contract.body, JSON.parse(await readFile('contracts/openapi.json', 'utf8')))
  const sdl = await s.request('GET', '/api/graphql/schema.graphql')
  t.regex(sdl.headers.get('content-type') ?? '', /text\/plain/)
  t.is(sdl.text, await readFile('contracts/schema.graphql', 'utf8'))
  t.truthy(buildSchema(sdl.text).getQueryType())
})

test('the API reference page loads in headless Chromium from npm assets and shows the posts operations', async (t) => {
  const page = await s.request('GET', '/api/docs')
  t.regex(page.headers.get('content-type') ?? '', /text\/html/)
  t.regex(page.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/)
  t.regex(
    page.headers.get('content-security-policy') ?? '',
    /script-src 'self' 'sha256-[\w+/=]+'(;|$)/,
  )
  t.is(page.headers.get('x-frame-options'), 'DENY')
  const browser = await launchBrowser()
  try {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 2000 } })
    const outside: string[] = []
    tab.on('request', (r) => {
      if (!r.url().startsWith(s.url) && !r.url().startsWith('data:')) outside.push(r.url())
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
    await tab.goto(`${s.url}/api/docs`)
    // Tags start folded (docExpansion 'none': Swagger UI stopped rendering the example's whole contract unfolded,
    // issue 57): every tag is listed, and opening Posts shows its operations.
    const tags = tab.locator('.opblock-tag')
    await tab.locator('.opblock-tag[data-tag="Posts"]').click()
    t.true((await tags.count()) >= 10)
    await tab.waitForFunction(() => document.body.innerText.includes('/posts/{id}'), undefined, {
      timeout: 30_000,
    })
    const text = await tab.evaluate(() => document.body.innerText)
    for (const expected of ['List Posts', 'Create a Post', '/posts/count', 'Posts'])
      t.true(text.includes(expected), expected)
    await mkdir('test-artifacts', { recursive: true })
    await tab.screenshot({ path: 'test-artifacts/api-docs.png', fullPage: false })
    t.deepEqual(outside, [])
    t.deepEqual(violations, [])
  } finally {
    await browser.close()
  }
})
