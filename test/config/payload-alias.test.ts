import test from 'ava'
import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as cmsPackage from '../../server/index.ts'

const root = resolve(import.meta.dirname, '../..')

test('package.json links `payload` to packages/payload-alias, a package named payload', async (t) => {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
  t.is(pkg.devDependencies.payload, 'file:packages/payload-alias')
  const alias = JSON.parse(
    await readFile(join(root, 'packages/payload-alias/package.json'), 'utf8'),
  )
  t.is(alias.name, 'payload')
  t.is(alias.exports['.'], './index.ts')
  const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8'))
  t.deepEqual(lock.packages['node_modules/payload'], {
    resolved: 'packages/payload-alias',
    link: true,
  })
})

// What `npm install` makes of the file: dependency (a symlink in node_modules), built here in a scratch project
// so the test does not depend on this checkout's install: a project file importing from 'payload' gets this CMS,
// type-stripped by Node because the link resolves outside node_modules.
test("a project's `import … from 'payload'` resolves to this package", async (t) => {
  const project = await mkdtemp(join(tmpdir(), 'payload-project-'))
  await mkdir(join(project, 'node_modules'))
  await symlink(join(root, 'packages/payload-alias'), join(project, 'node_modules/payload'), 'dir')
  await writeFile(join(project, 'package.json'), '{ "type": "module" }\n')
  await writeFile(
    join(project, 'payload.config.ts'),
    `import { buildConfig, getPayload, type CollectionBeforeChangeHook, type CollectionConfig } from 'payload'

const populatePublishedAt: CollectionBeforeChangeHook = ({ data, req }) =>
  req.data && !req.data.publishedAt ? { ...(data as object), publishedAt: new Date().toISOString() } : data

export const Posts: CollectionConfig = {
  slug: 'posts',
  hooks: { beforeChange: [populatePublishedAt] },
  fields: [{ name: 'title', type: 'text' }, { name: 'publishedAt', type: 'date' }],
}
export default buildConfig({ db: { url: 'sqlite::memory:' }, collections: [Posts] })
export { getPayload }
`,
  )
  const mod = await import(pathToFileURL(join(project, 'payload.config.ts')).href)
  t.is(mod.getPayload, cmsPackage.getPayload) // the same module instance, not a copy
  const payload = await cmsPackage.getPayload({ config: mod.default })
  try {
    t.true(payload instanceof cmsPackage.Cms)
    const doc = await payload.create({ collection: 'posts', data: { title: 'Ported' } })
    t.is(doc.title, 'Ported')
  } finally {
    await payload.destroy()
  }
})
