import { spawn } from 'node:child_process'
import test from 'ava'

/** `npm start` (`cms start`): prints every URL a user needs, and each of them answers. */
function start(env: Record<string, string>): Promise<{ lines: string[]; stop: () => void }> {
  const child = spawn(process.execPath, ['server/cli.ts', 'start'], {
    env: {
      ...process.env,
      DATABASE_URL: 'sqlite::memory:',
      PORT: '0',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`no start within 60 s: ${err}`))
    }, 60_000)
    child.stderr.on('data', (d) => {
      err += String(d)
    })
    child.stdout.on('data', (d) => {
      out += String(d)
      if (/^Health .*\n/m.test(out)) {
        clearTimeout(timer)
        resolve({ lines: out.trim().split('\n'), stop: () => child.kill('SIGTERM') })
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`exited ${code}: ${err}`))
    })
  })
}

const urlOf = (lines: string[], label: string) =>
  lines.find((l) => l.startsWith(`${label} `))?.split(/\s{2,}/)[1]

test('npm start prints the REST, GraphQL, playground, API reference, contract and health URLs, and each answers', async (t) => {
  const { lines, stop } = await start({})
  try {
    const labels = [
      'REST API',
      'GraphQL',
      'Playground',
      'API reference',
      'OpenAPI 3.1',
      'GraphQL SDL',
      'Health',
    ]
    t.deepEqual(
      lines.slice(1).map((l) => l.split(/\s{2,}/)[0]),
      labels,
    )
    for (const label of labels)
      t.regex(urlOf(lines, label) ?? '', /^http:\/\/127\.0\.0\.1:\d+\/api/, label)
    t.is((await fetch(`${urlOf(lines, 'REST API')}/posts?limit=1`)).status, 200)
    const gql = await fetch(urlOf(lines, 'GraphQL')!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ Posts(limit: 1) { totalDocs } }' }),
    })
    t.true(
      ((await gql.json()) as { data: { Posts: { totalDocs: number } } }).data.Posts.totalDocs > 0,
    )
    for (const label of ['Playground', 'API reference', 'GraphQL SDL', 'Health']) {
      t.is((await fetch(urlOf(lines, label)!)).status, 200, label)
    }
    const contract = (await (await fetch(urlOf(lines, 'OpenAPI 3.1')!)).json()) as {
      openapi: string
    }
    t.regex(contract.openapi, /^3\.1/)
  } finally {
    stop()
  }
})

test('in production it prints only what production serves: no playground, API reference or contracts', async (t) => {
  const { lines, stop } = await start({
    NODE_ENV: 'production',
    CMS_SECRET: 'start-test-Kq3vZ8pW2mR7xN4t-of-32-bytes',
  })
  try {
    t.deepEqual(
      lines.slice(1).map((l) => l.split(/\s{2,}/)[0]),
      ['REST API', 'GraphQL', 'Health'],
    )
    // The contracts follow introspection (graphQL.disableIntrospectionInProduction, on by default).
    t.is((await fetch(`${urlOf(lines, 'REST API')}/graphql/schema.graphql`)).status, 404)
    t.is((await fetch(`${urlOf(lines, 'REST API')}/openapi.json`)).status, 404)
  } finally {
    stop()
  }
})
