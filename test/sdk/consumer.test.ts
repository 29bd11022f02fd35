import test from 'ava'
import { execFile } from 'node:child_process'
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import exampleConfig from '../../cms.config.ts'
import type { Config } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'

const run = promisify(execFile)
const root = process.cwd()
const node = path.join(root, 'node_modules/.bin/node')
const tsc = path.join(root, 'node_modules/typescript/bin/tsc')

const s = useServer(
  test,
  { ...exampleConfig, email: { sendEmail: () => {} } } as Config,
  async (cms) => {
    await cms.config.seed!(cms)
  },
)

/** `npm run build` once for this file: dist/ is what a frontend installs. */
test.before(async () => {
  await rm(path.join(root, 'dist'), { recursive: true, force: true })
  await run(node, [tsc, '-p', 'tsconfig.build.json'], { cwd: root })
  await run(node, [tsc, '-p', 'tsconfig.build-node.json'], { cwd: root })
})

const CONSUMER = (sdk: string) => `import { createClient, CmsError } from ${JSON.stringify(sdk)}

declare const process: { env: Record<string, string> }
const cms = createClient({ baseUrl: process.env.CMS_URL! })
await cms.auth('users').login({ email: 'alice@example.com', password: 'alice-password' })
const { docs, totalDocs } = await cms.collection('posts').find({
  where: { and: [{ status: { equals: 'published' } }, { or: [{ views: { greater_than: 10 } }, { featured: { equals: true } }] }] },
  depth: 1, limit: 3, sort: '-views',
})
const titles: (string | null | undefined)[] = docs.map((p) => p.title)

if (process.env.NEVER) {
  // Type-level only: each line must fail to compile.
  // @ts-expect-error a field Post does not have
  void docs[0]?.nope
  // @ts-expect-error an operator the where of a text field does not have
  await cms.collection('posts').find({ where: { title: { equalz: 'x' } } })
  // @ts-expect-error a body field of the wrong type
  await cms.collection('categories').create({ name: 42, slug: 'x' })
  // @ts-expect-error a body field categories do not have
  await cms.collection('categories').create({ name: 'x', slug: 'x', colour: 'red' })
  // @ts-expect-error not a collection of this API
  cms.collection('articles')
  // Files: an upload collection takes one, typed by its create input; another does not.
  const { doc: image } = await cms.collection('media').create({ alt: 'A cat' }, { file: new Blob([]) })
  const thumbnail: string | null = cms.collection('media').fileURL(image, 'thumbnail')
  void thumbnail
  // @ts-expect-error posts are no upload collection
  await cms.collection('posts').create({ title: 'x', slug: 'x' }, { file: new Blob([]) })
  // @ts-expect-error a size media does not have
  cms.collection('media').fileURL(image, 'poster')
}

let status = 0
try {
  await cms.orders.cancel(99999999)
} catch (error) {
  if (error instanceof CmsError) status = error.status
}
console.log(JSON.stringify({ titles, totalDocs, status }))
`

test.serial(
  'a strict consumer compiles against the built SDK, wrong usages do not, and it runs against a live server',
  async (t) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cms-consumer-'))
    try {
      await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
      await writeFile(path.join(dir, 'consumer.ts'), CONSUMER(path.join(root, 'dist/sdk/index.js')))
      await writeFile(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'es2024',
            lib: ['es2024', 'dom'],
            module: 'nodenext',
            moduleResolution: 'nodenext',
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            types: [],
            allowImportingTsExtensions: true,
          },
          files: ['consumer.ts'],
        }),
      )
      const compiled = await run(node, [tsc, '-p', dir], { cwd: dir }).then(
        () => ({ code: 0, out: '' }),
        (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
      )
      t.is(compiled.code, 0, compiled.out)
      const { stdout } = await run(node, [path.join(dir, 'consumer.ts')], {
        cwd: dir,
        env: { ...process.env, CMS_URL: s.url },
      })
      const out = JSON.parse(stdout.trim().split('\n').pop()!)
      t.true(out.totalDocs > 0)
      t.true(out.titles.every((x: unknown) => typeof x === 'string'))
      t.is(out.status, 404)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  },
)

test.serial(
  'the built SDK depends on no server code (but the rich-text converters) and no installed package: it loads from a clean folder',
  async (t) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cms-sdk-only-'))
    try {
      await cp(path.join(root, 'dist'), path.join(dir, 'dist'), { recursive: true })
      await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
      await writeFile(
        path.join(dir, 'check.mjs'),
        `import { createClient, convertLexicalToHTML } from './dist/sdk/index.js'
import { fileFromPath } from './dist/sdk/node.js'
const cms = createClient({ baseUrl: process.env.CMS_URL })
const { totalDocs } = await cms.collection('posts').count()
const file = await fileFromPath('package.json')
console.log(totalDocs, file.name)
const text = { type: 'text', text: 'Hi <b>', format: 1, version: 1 }
const data = { root: { type: 'root', version: 1, children: [{ type: 'paragraph', version: 1, children: [text] }] } }
console.log(convertLexicalToHTML({ data }))`,
      )
      const { stdout } = await run(node, ['check.mjs'], {
        cwd: dir,
        env: { ...process.env, CMS_URL: s.url },
      })
      const [first, html] = stdout.trim().split('\n')
      const [count, name] = first.split(' ')
      t.true(Number(count) > 0)
      t.is(name, 'package.json')
      t.is(html, '<div class="payload-richtext"><p><strong>Hi &lt;b&gt;</strong></p></div>')
      const { stdout: files } = await run('find', ['dist', '-name', '*.js'], { cwd: dir })
      // The one server folder the SDK ships is the dependency-free rich-text layer (its own layer, importing nothing).
      const serverFiles = files.split('\n').filter((f) => f.includes('server/'))
      t.true(serverFiles.length > 0)
      t.deepEqual(
        serverFiles.filter((f) => !f.startsWith('dist/server/richtext/')),
        [],
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  },
)
