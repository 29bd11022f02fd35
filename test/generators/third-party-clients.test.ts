/**
 * Issue 18: any mainstream generator works with its defaults. The served contract goes through
 * @hey-api/openapi-ts, openapi-typescript + openapi-fetch and orval (fetch client), each with its defaults; a
 * small program per client (./programs.ts) is compiled with `tsc --strict` together with its client, then
 * run against the live server: a nested and/or where with a select and a populate, a create (201) and an
 * anonymous create (401). Every response the clients receive is checked against the contract.
 */
import test from 'ava'
import { execFile } from 'node:child_process'
import { mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import exampleConfig from '../../cms.config.ts'
import type { Config } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'
import { ADMIN, heyApi, openapiFetch, orval, type ClientRun, type Query } from './programs.ts'

const exec = promisify(execFile)
const root = process.cwd()
const node = path.join(root, 'node_modules/.bin/node')

const CATEGORIES = ['News', 'Guides']
const POSTS = [
  { title: 'Typed clients everywhere', views: 10, featured: true, category: 0 },
  { title: 'Typed but not featured', views: 20, featured: false, category: 1 },
  { title: 'A popular post', views: 500, featured: false, category: 0 },
  { title: 'Popular and typed', views: 900, featured: true, category: 1 },
  { title: 'A quiet featured post', views: 5, featured: true, category: 0 },
]
const QUERY: Query = {
  where: {
    or: [
      { views: { greater_than: 100 } },
      { and: [{ title: { like: 'typed' } }, { featured: { equals: true } }] },
    ],
  },
  select: { title: true, views: true, category: true },
  populate: { categories: { name: true } },
}
/** QUERY.where in plain JavaScript. */
const matches = (p: (typeof POSTS)[number]) =>
  p.views > 100 || (p.title.toLowerCase().includes('typed') && p.featured)

const s = useServer(
  test,
  { ...exampleConfig, email: { sendEmail: () => {} } } as Config,
  async (cms) => {
    await cms.create({ collection: 'users', data: { ...ADMIN, name: 'Admin', roles: ['admin'] } })
    const categories: { id: number; name: string }[] = []
    for (const name of CATEGORIES) {
      const { id } = await cms.create({
        collection: 'categories',
        data: { name, slug: name.toLowerCase() },
      })
      categories.push({ id: id as number, name })
    }
    const posts: ((typeof POSTS)[number] & { id: number })[] = []
    for (const [i, post] of POSTS.entries()) {
      const data = { ...post, slug: `post-${i}`, category: categories[post.category].id }
      const { id } = await cms.create({
        collection: 'posts',
        data: { ...data, _status: 'published' },
      })
      posts.push({ ...post, id: id as number })
    }
    return { categories, posts }
  },
)

interface Client {
  /** The generator's CLI (a bin of node_modules) and its arguments: input and output only. */
  generate: [bin: string, args: string[]]
  program: (query: Query) => string
}
const CLIENTS: Record<string, Client> = {
  'hey-api': { generate: ['openapi-ts', ['-i', 'openapi.json', '-o', 'hey-api']], program: heyApi },
  'openapi-fetch': {
    generate: ['openapi-typescript', ['openapi.json', '-o', 'openapi-typescript/schema.d.ts']],
    program: openapiFetch,
  },
  // orval takes its output options from a config file only (orval.config.mjs, written below).
  orval: { generate: ['orval', ['--config', 'orval.config.mjs']], program: orval },
}

let dir = ''
const built: Record<string, { error?: string; seconds: number }> = {}

/** Generates one client and type-checks its program with it; never throws, so the clients build in parallel. */
async function build(name: string, { generate: [bin, args], program }: Client) {
  const started = Date.now()
  const step = async (what: string, script: string, argv: string[]) => {
    try {
      await exec(node, [await realpath(path.join(root, 'node_modules/.bin', script)), ...argv], {
        cwd: dir,
      })
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string }
      throw new Error(`${what} failed:\n${stdout ?? ''}${stderr ?? ''}`.slice(0, 4000), {
        cause: error,
      })
    }
  }
  try {
    await step(`${name}: generating`, bin, args)
    await writeFile(path.join(dir, `${name}.ts`), program(QUERY))
    const compilerOptions = {
      strict: true,
      target: 'es2022',
      lib: ['es2022', 'dom', 'dom.iterable'],
      module: 'nodenext',
      moduleResolution: 'nodenext',
      skipLibCheck: true,
      types: [],
      rootDir: '.',
      outDir: 'dist',
    }
    await writeFile(
      path.join(dir, `tsconfig.${name}.json`),
      JSON.stringify({ compilerOptions, files: [`${name}.ts`] }),
    )
    await step(`${name}: tsc --strict`, 'tsc', ['-p', `tsconfig.${name}.json`])
    built[name] = { seconds: (Date.now() - started) / 1000 }
  } catch (error) {
    built[name] = { error: (error as Error).message, seconds: (Date.now() - started) / 1000 }
  }
}

/** Writes the served contract into a scratch folder and builds the three clients in parallel. */
async function prepare() {
  dir = await mkdtemp(path.join(tmpdir(), 'cms-generators-'))
  const api = s.url + s.cms.config.routes.api
  const contract = await fetch(`${api}/openapi.json`)
  await writeFile(path.join(dir, 'openapi.json'), await contract.text())
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
  // openapi-fetch (the one runtime dependency of a generated client) and the generators come from the project.
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  const orvalOutput = { target: 'orval/api.ts', client: 'fetch', baseUrl: api }
  await writeFile(
    path.join(dir, 'orval.config.mjs'),
    `export default { cms: { input: 'openapi.json', output: ${JSON.stringify(orvalOutput)} } }\n`,
  )
  await Promise.all(Object.entries(CLIENTS).map(([name, client]) => build(name, client)))
}
// Started by the first test: useServer's before hook (which starts the server) runs concurrently with any
// other before hook.
let prepared: Promise<void> | undefined

test.after.always(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

for (const name of Object.keys(CLIENTS))
  test.serial(
    `${name}: a nested where, select and populate, a create and an anonymous create`,
    async (t) => {
      await (prepared ??= prepare())
      const { error, seconds } = built[name]
      t.log(`generated and type-checked in ${seconds} s`)
      if (error) return t.fail(error)

      // Every request goes through the contract-checking fetch: passed to the clients that take one, and set as
      // the global fetch for orval's, which takes none.
      const urls: URL[] = []
      const recording = ((input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init)
        urls.push(new URL(request.url))
        return s.fetch(request)
      }) as typeof fetch
      const { run } = (await import(pathToFileURL(path.join(dir, 'dist', `${name}.js`)).href)) as {
        run: (baseUrl: string, fetch: typeof globalThis.fetch) => Promise<ClientRun>
      }
      const global = globalThis.fetch
      globalThis.fetch = recording
      let result: ClientRun
      try {
        result = await run(s.url + s.cms.config.routes.api, recording)
      } finally {
        globalThis.fetch = global
      }

      // Each structured parameter travels as one JSON text.
      const list = urls.find((u) => u.searchParams.has('where'))
      t.truthy(list, `no list request among ${urls.join(', ')}`)
      for (const key of ['where', 'select', 'populate'] as const)
        t.deepEqual(JSON.parse(list!.searchParams.get(key)!), QUERY[key], key)

      const { posts, categories } = s.data
      t.is(result.status, 200)
      t.deepEqual(
        result.docs,
        posts.filter(matches).map(({ id, title, views, category }) => ({
          id,
          title,
          views,
          category: categories[category],
        })),
      )
      t.is(result.created, 201)
      t.is(result.createdTitle, `From ${name}`)
      t.is(result.anonymous, 401)
    },
  )
