import test from 'ava'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  buildConfig,
  defineConfig,
  getCms,
  getPayload,
  loadConfig,
  type CollectionConfig,
  type Config,
  type Plugin,
} from '../../server/index.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'

const posts: CollectionConfig = {
  slug: 'posts',
  access: { create: () => true, read: () => true },
  fields: [{ name: 'title', type: 'text' }],
}

// A plugin adding a field to every collection, and an async one adding a collection (as SEO or redirects plugins do).
const addSummary: Plugin = (config) => ({
  ...config,
  collections: (config.collections ?? []).map((c) => ({
    ...c,
    fields: [...c.fields, { name: 'summary', type: 'text' }],
  })),
})
const addRedirects: Plugin = async (config) => {
  await Promise.resolve()
  return {
    ...config,
    collections: [
      ...(config.collections ?? []),
      {
        slug: 'redirects',
        access: { create: () => true, read: () => true },
        fields: [{ name: 'from', type: 'text', required: true }],
      },
    ],
  }
}

const memory = { url: 'sqlite::memory:' }

test('plugins run in order on the config before it is sanitised, async ones awaited', async (t) => {
  const order: string[] = []
  const trace =
    (name: string): Plugin =>
    (config) => {
      order.push(`${name}:${(config.collections ?? []).map((c) => c.slug).join(',')}`)
      return config
    }
  const cms = await getCms({
    config: buildConfig({
      db: memory,
      collections: [posts],
      plugins: [addSummary, trace('a'), addRedirects, trace('b')],
    }),
  })
  try {
    t.deepEqual(order, ['a:posts', 'b:posts,redirects'])
    const doc = await cms.create({ collection: 'posts', data: { title: 'T', summary: 'S' } })
    t.is(doc.summary, 'S')
    const redirect = await cms.create({ collection: 'redirects', data: { from: '/old' } })
    t.is(redirect.from, '/old')
    // addSummary ran before addRedirects: the collection added later has no summary.
    t.false(
      cms.config.collectionsBySlug.get('redirects')!.flatFields.some((f) => f.name === 'summary'),
    )
    t.is(cms.config.plugins, undefined) // applied once, never again
  } finally {
    await cms.destroy()
  }
})

test('a plugin that is not a function, or returns no config, is a start-up error naming plugins[i]', async (t) => {
  const notFunction = await t.throwsAsync(
    getCms({ config: { db: memory, collections: [posts], plugins: [addSummary, {} as Plugin] } }),
  )
  t.is(notFunction?.name, 'ConfigError')
  t.regex(
    notFunction?.message ?? '',
    /^plugins\[1\] must be a function \(config\) => config; got object/,
  )
  const nothing = await t.throwsAsync(
    getCms({ config: { db: memory, plugins: [(() => undefined) as unknown as Plugin] } }),
  )
  t.regex(
    nothing?.message ?? '',
    /^plugins\[0\] returned undefined; a plugin must return the config/,
  )
  const notArray = await t.throwsAsync(
    getCms({ config: { db: memory, plugins: addSummary as unknown as Plugin[] } }),
  )
  t.regex(notArray?.message ?? '', /^plugins must be an array/)
  // sanitizeConfig is synchronous: plugins given to it are an error, never silently skipped.
  const unapplied = t.throws(() => sanitizeConfig({ collections: [posts], plugins: [addSummary] }))
  t.regex(unapplied?.message ?? '', /plugins run before the config is sanitised/)
})

test('loadConfig applies the plugins of a config file', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'cms-plugins-'))
  const server = pathToFileURL(join(import.meta.dirname, '../../server/index.ts')).href
  const file = join(dir, 'payload.config.ts')
  // A Payload project is an ES module package (Payload 3 requires "type": "module"), and its config loads so.
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n')
  await writeFile(
    file,
    `import { buildConfig } from '${server}'
export default buildConfig({
  collections: [{ slug: 'posts', fields: [{ name: 'title', type: 'text' }] }],
  plugins: [async (config) => ({ ...config, globals: [{ slug: 'site', fields: [{ name: 'name', type: 'text' }] }] })],
})
`,
  )
  const config = await loadConfig(file)
  t.deepEqual(
    config.globals.map((g) => g.slug),
    ['site'],
  )
})

test('root cors and csrf: shapes checked at start, naming the path', (t) => {
  const bad = (config: Config, message: RegExp) => {
    const error = t.throws(() => sanitizeConfig(config))
    t.is(error?.name, 'ConfigError')
    t.regex(error?.message ?? '', message)
  }
  bad({ cors: ['https://a.example/'] }, /^cors\[0\] must be an origin like "https:\/\/example.com"/)
  bad({ cors: 'https://a.example' as never }, /^cors must be an array of origins/)
  bad({ cors: { origins: ['nope'] } }, /^cors\.origins\[0\] must be an origin/)
  bad({ cors: { origins: '*', headers: 'x-a' as never } }, /^cors\.headers must be an array/)
  bad({ csrf: ['https://ok.example', ''] }, /^csrf\[1\] must be an origin/)
  for (const cors of [
    '*',
    ['https://a.example:8080'],
    { origins: '*' },
    { origins: [], headers: ['x-a'] },
  ] as const)
    t.notThrows(() =>
      sanitizeConfig({ cors: cors as Config['cors'], csrf: ['http://localhost:3000'] }),
    )
})

test('buildConfig is defineConfig; getPayload({ config }) starts the Local API once per config', async (t) => {
  t.is(buildConfig, defineConfig)
  const config = buildConfig({ db: memory, collections: [posts] })
  const [first, second] = await Promise.all([getPayload({ config }), getPayload({ config })])
  try {
    t.is(first, second)
    t.is(await getPayload({ config }), first)
    const doc = await first.create({ collection: 'posts', data: { title: 'Once' } })
    t.is((await second.findByID({ collection: 'posts', id: doc.id })).title, 'Once')
    // A promise of a config, as Payload's `import config from '@payload-config'` gives.
    const promised = Promise.resolve(buildConfig({ db: memory, collections: [posts] }))
    const other = await getPayload({ config: promised })
    t.not(other, first)
    t.is(await getPayload({ config: promised }), other)
    await other.destroy()
    // A destroyed instance is forgotten: the next call starts a new one.
    const again = await getPayload({ config: promised })
    t.not(again, other)
    t.is((await again.count({ collection: 'posts' })).totalDocs, 0)
    await again.destroy()
    // Payload's `key` names the shared instance, whatever the config.
    const keyed = await getPayload({ config, key: 'k' })
    t.not(keyed, first)
    t.is(await getPayload({ config: promised, key: 'k' }), keyed)
    await keyed.destroy()
  } finally {
    await first.destroy()
  }
})
