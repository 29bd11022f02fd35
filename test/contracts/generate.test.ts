import test from 'ava'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import ts from 'typescript'
import { loadConfig } from '../../server/config/load.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { Config, FlattenedField } from '../../server/config/types.ts'
import { diffContracts, loadContracts } from '../../server/contracts/diff.ts'
import { checkDrift, generate } from '../../server/contracts/generate.ts'
import { generateTypes } from '../../server/contracts/typescript.ts'
import { magazine } from '../fixtures/contract-configs.ts'

async function exampleWith(change: (posts: { fields: unknown[] }) => void) {
  const config = (await import(`../../cms.config.ts?${Math.random()}`)).default as Config
  const copy = {
    ...config,
    collections: config.collections!.map((c) =>
      c.slug === 'posts' ? { ...c, fields: [...c.fields] } : c,
    ),
  }
  change(copy.collections.find((c) => c.slug === 'posts')!)
  return sanitizeConfig(copy)
}

test('check passes on a fresh generation, fails after a config change, passes again after regenerating', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'cms-generate-'))
  try {
    const original = await loadConfig()
    const started = Date.now()
    await generate(original, { root })
    t.log(`generate: ${Date.now() - started} ms`)
    t.deepEqual(await checkDrift(original, root), [])

    const added = await exampleWith((posts) =>
      posts.fields.push({ name: 'subtitle', type: 'text' }),
    )
    const drift = await checkDrift(added, root)
    t.true(drift.some((p) => p.startsWith('contracts/openapi.json')))
    t.true(drift.some((p) => p.startsWith('contracts/schema.graphql')))
    t.true(drift.some((p) => p.startsWith('generated/cms-types.ts')))
    t.true(drift.some((p) => p.startsWith('generated/openapi/types.gen.ts')))

    const before = await loadContracts(root, root)
    await generate(added, { root })
    t.deepEqual(await checkDrift(added, root), [])
    t.regex(
      await readFile(path.join(root, 'generated/cms-types.ts'), 'utf8'),
      /subtitle\?: string \| null;/,
    )

    // An added optional field is non-breaking; a removed field is breaking, in both contracts.
    const afterAdd = await loadContracts(root, root)
    const addChanges = await diffContracts(before, afterAdd)
    t.true(addChanges.length > 0)
    t.deepEqual(
      addChanges.filter((c) => c.level === 'breaking'),
      [],
    )
    const removed = await exampleWith((posts) => {
      posts.fields = posts.fields.filter((f) => (f as FlattenedField).name !== 'excerpt')
    })
    await generate(removed, { root })
    const removeChanges = await diffContracts(before, await loadContracts(root, root))
    t.true(
      removeChanges.some(
        (c) => c.source === 'openapi' && c.level === 'breaking' && /excerpt/.test(c.message),
      ),
    )
    t.true(
      removeChanges.some(
        (c) => c.source === 'graphql' && c.level === 'breaking' && /excerpt/.test(c.message),
      ),
    )
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})

test('contracts diff takes a git revision as its base', async (t) => {
  const head = await loadContracts('HEAD', process.cwd()).catch(() => undefined)
  if (!head) return t.pass('not a git checkout with committed contracts')
  const changes = await diffContracts(head, head)
  t.deepEqual(changes, [])
})

test('the types file of a config unlike the example compiles and says what the config says', (t) => {
  const source = generateTypes(sanitizeConfig(magazine))
  t.regex(
    source,
    /export interface Article \{\n {2}id: number;\n {2}headline: string;\n {2}subtitle\?: string \| null;/,
  )
  t.regex(source, /writer: number \| Member;/)
  t.regex(
    source,
    /featured\?: \{ relationTo: "topics"; value: number \| Topic \} \| \{ relationTo: "members"; value: number \| Member \} \| null;/,
  )
  t.regex(
    source,
    /export interface TextBlock \{\n {2}id\?: string \| null;\n {2}blockName\?: string \| null;\n {2}blockType: "text";\n {2}markdown: string;/,
  )
  t.regex(source, /meta\?: ArticleMeta \| null;/)
  t.regex(source, /"blog-posts": Article;/)
  t.regex(source, /"home-page": HomePage;/)
  t.regex(source, /locale: "en" \| "fr";/)
  t.notRegex(source, /secretNote/)
  // It compiles on its own (the module it augments stubbed).
  const files: Record<string, string> = {
    'cms-types.ts': source,
    'package.d.ts': "declare module 'contract-cms' { export interface GeneratedTypes {} }",
  }
  const host = ts.createCompilerHost({ strict: true, noEmit: true })
  const read = host.getSourceFile
  host.getSourceFile = (name, lang) =>
    name in files ? ts.createSourceFile(name, files[name], lang) : read(name, lang)
  const program = ts.createProgram(
    Object.keys(files),
    { strict: true, noEmit: true, types: [] },
    host,
  )
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  t.deepEqual(diagnostics, [])
})

test("Payload's absolute output paths: typescript.outputFile and graphQL.schemaOutputFile are written there, and drift checks them", async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'cms-generate-paths-'))
  try {
    const config = sanitizeConfig({
      ...magazine,
      // As Payload's templates write them: path.resolve(dirname, …).
      typescript: { outputFile: path.resolve(root, 'src/payload-types.ts'), schema: [() => ({})] },
      graphQL: { schemaOutputFile: path.resolve(root, 'src/generated-schema.graphql') },
    })
    await generate(config, { root })
    const sdl = await readFile(path.join(root, 'src/generated-schema.graphql'), 'utf8')
    t.is(sdl, await readFile(path.join(root, 'contracts/schema.graphql'), 'utf8'))
    t.regex(await readFile(path.join(root, 'src/payload-types.ts'), 'utf8'), /export interface/)
    t.deepEqual(await checkDrift(config, root), [])
    await rm(path.join(root, 'src/generated-schema.graphql'))
    t.deepEqual(await checkDrift(config, root), [
      'src/generated-schema.graphql: missing (run npm run generate)',
    ])
  } finally {
    await rm(root, { recursive: true, force: true })
  }
  t.throws(() => sanitizeConfig({ ...magazine, graphQL: { schemaOutputFile: '' } }), {
    message: 'graphQL.schemaOutputFile must be a file path (a non-empty string).',
  })
})
