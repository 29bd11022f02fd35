/**
 * Issue 55, blocker 1: a Payload project's sources load as its toolchain compiles them (server/config/
 * source-loader.ts). The fixture `test/fixtures/payload-sources` is written as Payload's templates are:
 * extensionless relative imports, a directory import (`../access`), tsconfig `paths` (`@/…`, `@payload-config`),
 * a `baseUrl` import (`src/endpoints/seed`) and types imported without `type`; its seed endpoint reaches the
 * serving instance through `getPayload({ config })` over `import config from '@payload-config'`.
 */
import test from 'ava'
import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { contractChecker } from '../helpers/http.ts'
import { serveCli } from '../helpers/cli.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')
const PROJECT = path.join(root, 'test/fixtures/payload-sources')
const CONFIG = path.join(PROJECT, 'src/payload.config.ts')
const CLI = path.join(root, 'server/cli.ts')

/** Runs `cms <args>` in `cwd` with CMS_CONFIG_PATH=config: exit code and output. */
async function cms(args: string[], config: string, cwd = root) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      cwd,
      env: { ...process.env, CMS_CONFIG_PATH: config, LOG_LEVEL: 'silent' },
    })
    return { code: 0, out: stdout + stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, out: e.stdout + e.stderr }
  }
}

test('cms check-config reads a Payload project’s payload.config.ts and refuses nothing', async (t) => {
  const { code, out } = await cms(['check-config'], CONFIG)
  t.is(code, 0, out)
  t.notRegex(out, /refused|error/i)
})

test('cms start serves it: its hooks run, and its getPayload({ config }) reaches the serving instance', async (t) => {
  const served = await serveCli({ CMS_CONFIG_PATH: CONFIG })
  try {
    const api = served.url('REST API')
    const contract = (await (await fetch(served.url('OpenAPI 3.1'))).json()) as Record<
      string,
      unknown
    >
    const check = await contractChecker(contract)
    const call = async (method: string, route: string, body?: unknown, token?: string) => {
      const url = new URL(`${api}${route}`)
      const res = await fetch(url, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `JWT ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const json: any = await res.json()
      check(method, url, res.status, json, res.headers.get('content-type'))
      return { status: res.status, body: json }
    }
    const user = { email: 'dev@example.com', password: 'a-long-test-password' }
    const first = await call('POST', '/users/first-register', user)
    t.is(first.status, 200, JSON.stringify(first.body))
    const token: string = first.body.token
    // The field hook imported through a directory import and an extensionless path.
    const created = await call('POST', '/posts', { title: 'Hello Ported World' }, token)
    t.is(created.status, 201)
    t.is(created.body.doc.slug, 'hello-ported-world')
    // The endpoint imported through baseUrl, itself importing the config through a tsconfig path.
    const seeded = await call('POST', '/seed', undefined, token)
    t.deepEqual([seeded.status, seeded.body], [200, { slug: 'seeded-post' }])
    const found = await call('GET', '/posts?where[slug][equals]=seeded-post&depth=0')
    t.deepEqual(
      found.body.docs.map((d: { title: string }) => d.title),
      ['Seeded Post'],
    )
  } finally {
    await served.stop()
  }
})

test('a config of another name that Node cannot link is loaded through tsx; a plain one by Node alone', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-sources-'))
  await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }\n')
  await writeFile(
    path.join(dir, 'fields.ts'),
    "import { Field } from 'payload'\nexport const title: Field = { name: 'title', type: 'text' }\n",
  )
  await writeFile(
    path.join(dir, 'site.config.ts'),
    "import { title } from './fields'\nexport default { collections: [{ slug: 'pages', fields: [title] }] }\n",
  )
  await writeFile(
    path.join(dir, 'cms.config.ts'),
    "export default { collections: [{ slug: 'notes', fields: [{ name: 'body', type: 'text' }] }] }\n",
  )
  // Node's own resolution fails on the extensionless import and the named type import.
  const fallback = await cms(['check-config'], path.join(dir, 'site.config.ts'), dir)
  t.is(fallback.code, 0, fallback.out)
  // Which loader ran, asked in a process of its own (tsx, once registered, stays for the process).
  const probe = `import { loadConfig } from ${JSON.stringify(path.join(root, 'server/config/load.ts'))}
import { registeredTsconfig } from ${JSON.stringify(path.join(root, 'server/config/source-loader.ts'))}
const config = await loadConfig(process.argv[1])
console.log(JSON.stringify([config.collections.map((c) => c.slug), registeredTsconfig()]))`
  const loaded = async (file: string) => {
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', probe, path.join(dir, file)],
      { cwd: dir },
    )
    return JSON.parse(stdout.trim().split('\n').at(-1)!)
  }
  t.deepEqual(await loaded('cms.config.ts'), [['notes'], null])
  t.deepEqual(await loaded('site.config.ts'), [['pages'], ''])
  t.deepEqual(await loaded(path.relative(dir, CONFIG)), [
    // Payload's document locks come with an auth collection (lockDocuments).
    ['users', 'posts', 'payload-locked-documents'],
    path.join(PROJECT, 'tsconfig.json'),
  ])
})
