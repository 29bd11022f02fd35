/**
 * `@payloadcms/richtext-lexical` resolves to this CMS's editor (packages/richtext-lexical-alias): a Payload config's
 * `lexicalEditor({ features })`, imported as Payload's templates import it, decides which nodes a value may hold.
 */
import test from 'ava'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import * as lexical from '@payloadcms/richtext-lexical'
import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'
import { convertLexicalToPlaintext } from '@payloadcms/richtext-lexical/plaintext'
import * as cmsPackage from '../../server/index.ts'
import { getPayload } from '../../server/index.ts'

const root = resolve(import.meta.dirname, '../..')

test('package.json links @payloadcms/richtext-lexical to packages/richtext-lexical-alias', async (t) => {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
  t.is(pkg.devDependencies['@payloadcms/richtext-lexical'], 'file:packages/richtext-lexical-alias')
  const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8'))
  t.deepEqual(lock.packages['node_modules/@payloadcms/richtext-lexical'], {
    resolved: 'packages/richtext-lexical-alias',
    link: true,
  })
})

// Every server-side name the six Payload 3.x projects import from it (templates blank, website, ecommerce;
// examples multi-tenant, localization), each this CMS's own.
const TEMPLATE_NAMES = [
  'lexicalEditor',
  'BlocksFeature',
  'BoldFeature',
  'EXPERIMENTAL_TableFeature',
  'FixedToolbarFeature',
  'HeadingFeature',
  'HorizontalRuleFeature',
  'IndentFeature',
  'InlineToolbarFeature',
  'ItalicFeature',
  'LinkFeature',
  'OrderedListFeature',
  'ParagraphFeature',
  'UnderlineFeature',
  'UnorderedListFeature',
] as const

test("the names Payload's templates import are this CMS's editor and features", (t) => {
  const ours = cmsPackage as unknown as Record<string, unknown>
  for (const name of TEMPLATE_NAMES) t.is(lexical[name] as unknown, ours[name], name)
  t.is(lexical.defaultEditorFeatures, cmsPackage.defaultEditorFeatures)
  t.is(convertLexicalToHTML, cmsPackage.convertLexicalToHTML)
  t.is(convertLexicalToPlaintext, cmsPackage.convertLexicalToPlaintext)
})

const hero = { slug: 'hero', fields: [{ name: 'heading', type: 'text' as const, required: true }] }
const config = cmsPackage.buildConfig({
  db: { url: 'sqlite::memory:' },
  editor: lexical.lexicalEditor({
    features: () => [lexical.ParagraphFeature(), lexical.BoldFeature()],
  }),
  collections: [
    {
      slug: 'posts',
      fields: [
        {
          name: 'content',
          type: 'richText',
          editor: lexical.lexicalEditor({
            features: ({ rootFeatures }) => [
              ...rootFeatures,
              lexical.HeadingFeature({ enabledHeadingSizes: ['h2'] }),
              lexical.BlocksFeature({ blocks: [hero] }),
              lexical.FixedToolbarFeature(),
            ],
          }),
        },
      ],
    },
  ],
})

const paragraph = (children: unknown[]) => ({ type: 'paragraph', version: 1, children })

test("an editor from @payloadcms/richtext-lexical takes its features' nodes and refuses the rest", async (t) => {
  const payload = await getPayload({ config, key: 'richtext-lexical-alias' })
  try {
    const block = {
      type: 'block',
      version: 2,
      format: '',
      fields: { id: 'b1', blockName: '', blockType: 'hero', heading: 'Welcome' },
    }
    const heading = { type: 'heading', tag: 'h2', version: 1, children: [] }
    const content = { root: { type: 'root', children: [block, heading, paragraph([])] } }
    const doc = await payload.create({ collection: 'posts', data: { content } })
    const stored = doc.content as { root: { children: { fields?: unknown }[] } }
    t.like(stored.root.children[0].fields, { blockType: 'hero', heading: 'Welcome' })
    // A block's required field, a size the HeadingFeature leaves out, a node no feature gives.
    const refused: [unknown, string][] = [
      [{ ...block, fields: { blockType: 'hero' } }, 'content.root.children.0.fields.heading'],
      [{ ...heading, tag: 'h1' }, 'content.root.children.0.tag'],
      [{ type: 'quote', version: 1, children: [] }, 'content.root.children.0.type'],
    ]
    for (const [node, path] of refused) {
      const e = await t.throwsAsync(
        payload.create({
          collection: 'posts',
          data: { content: { root: { type: 'root', children: [node] } } },
        }),
      )
      const errors = (e as { data?: { errors?: { path: string }[] } }).data?.errors ?? []
      t.is(errors[0]?.path, path, JSON.stringify(errors))
    }
  } finally {
    await payload.destroy()
  }
})
