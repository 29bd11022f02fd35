/**
 * `lexicalEditor({ features })`: a rich-text field's editor, written as in Payload 3 with its imports from
 * contract-cms, resolves at start into the nodes the server allows and what its nodes point at; a bad editor is a
 * startup error naming where it is.
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { adminDescription } from '../../server/contracts/admin-description.ts'
import {
  BlocksFeature,
  BoldFeature,
  CodeBlock,
  ConfigError,
  HeadingFeature,
  InlineToolbarFeature,
  LinkFeature,
  ParagraphFeature,
  RelationshipFeature,
  UploadFeature,
  lexicalEditor,
  type Config,
  type RichTextField,
} from '../../server/index.ts'

const collections = (body: Partial<RichTextField>): Config['collections'] => [
  { slug: 'media', upload: true, fields: [{ name: 'alt', type: 'text' }] },
  { slug: 'pages', fields: [{ name: 'title', type: 'text' }] },
  { slug: 'posts', fields: [{ name: 'body', type: 'richText', ...body }] },
]

const lexicalOf = (config: Config) => {
  const posts = sanitizeConfig(config).collectionsBySlug.get('posts')!
  const body = posts.flatFields.find((f) => f.name === 'body') as RichTextField
  return body.lexical!
}

test("without an editor a field takes Payload's default features", (t) => {
  const l = lexicalOf(defineConfig({ collections: collections({}) }))
  t.deepEqual([...l.nodes].sort(), [
    'autolink',
    'heading',
    'horizontalrule',
    'linebreak',
    'link',
    'list',
    'listitem',
    'paragraph',
    'quote',
    'relationship',
    'root',
    'tab',
    'text',
    'upload',
  ])
  t.deepEqual(l.headingSizes, ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
  t.deepEqual(l.listTypes, ['bullet', 'number', 'check'])
  t.deepEqual(l.relationship?.collections, ['media', 'pages', 'posts'])
  t.deepEqual(l.upload?.collections, ['media'])
  t.deepEqual(l.blocks, [])
  t.deepEqual(l.formats, [
    'bold',
    'italic',
    'underline',
    'strikethrough',
    'subscript',
    'superscript',
    'inlineCode',
  ])
  t.true(l.inlineToolbar)
})

test("a field's features extend the config editor's (rootFeatures), as in Payload's templates", (t) => {
  const l = lexicalOf(
    defineConfig({
      editor: lexicalEditor({
        features: () => [
          ParagraphFeature(),
          BoldFeature(),
          LinkFeature({ enabledCollections: ['pages', 'posts'] }),
        ],
      }),
      collections: collections({
        editor: lexicalEditor({
          features: ({ rootFeatures }) => [
            ...rootFeatures,
            HeadingFeature({ enabledHeadingSizes: ['h2', 'h3'] }),
            BlocksFeature({
              blocks: [
                CodeBlock(),
                {
                  slug: 'banner',
                  fields: [{ name: 'post', type: 'relationship', relationTo: 'posts' }],
                },
              ],
            }),
          ],
        }),
      }),
    }),
  )
  t.deepEqual([...l.nodes].sort(), [
    'autolink',
    'block',
    'heading',
    'linebreak',
    'link',
    'paragraph',
    'root',
    'tab',
    'text',
  ])
  t.deepEqual(l.headingSizes, ['h2', 'h3'])
  // Only the formats named, and no floating toolbar without InlineToolbarFeature.
  t.deepEqual(l.formats, ['bold'])
  t.false(l.inlineToolbar)
  t.deepEqual(l.link?.collections, ['pages', 'posts'])
  t.is(l.relationship, undefined)
  t.is(l.upload, undefined)
  t.deepEqual(
    l.blocks.map((b) => [b.slug, b.fields.map((f) => f.name)]),
    [
      ['Code', ['language', 'code']],
      ['banner', ['post']],
    ],
  )
})

test("the admin description gives an editor's heading sizes, text formats and floating toolbar", (t) => {
  const describe = (features: ReturnType<typeof BoldFeature>[]) => {
    const config = sanitizeConfig(
      defineConfig({ collections: collections({ editor: lexicalEditor({ features }) }) }),
    )
    const posts = adminDescription(config).collections.find((c) => c.slug === 'posts')!
    return posts.fields.find((f) => f.name === 'body')!.editor
  }
  t.like(
    describe([
      BoldFeature(),
      HeadingFeature({ enabledHeadingSizes: ['h2', 'h4'] }),
      InlineToolbarFeature(),
    ]),
    { headingSizes: ['h2', 'h4'], formats: ['bold'], inlineToolbar: true },
  )
  t.like(describe([ParagraphFeature()]), { headingSizes: [], formats: [], inlineToolbar: false })
})

test('a bad editor is a startup error naming the field and the feature', (t) => {
  const fails = (body: Partial<RichTextField>, message: string) =>
    t.throws(() => sanitizeConfig(defineConfig({ collections: collections(body) })), {
      instanceOf: ConfigError,
      message: (m) => m.includes('field "body"') && m.includes(message),
    })
  fails(
    {
      editor: lexicalEditor({ features: [RelationshipFeature({ enabledCollections: ['nope'] })] }),
    },
    'enabledCollections names "nope", which is not a collection',
  )
  fails(
    { editor: lexicalEditor({ features: [UploadFeature({ collections: { pages: {} } })] }) },
    'collections names "pages", which is not an upload collection',
  )
  fails(
    // A Payload feature object passed as is (not made by contract-cms).
    { editor: lexicalEditor({ features: [{ key: 'bold' } as never] }) },
    'features[0] is not a feature of contract-cms',
  )
  fails(
    {
      editor: lexicalEditor({
        features: [
          BlocksFeature({ blocks: [{ slug: 'x', fields: [{ name: 'a b', type: 'text' }] }] }),
        ],
      }),
    },
    'field "a b"',
  )
  fails({ maxDepth: -1 }, 'maxDepth must be a whole number')
})

test('a localized config sanitised twice (its field objects carry the resolved editor) starts again', (t) => {
  const config = defineConfig({
    localization: { locales: ['en', 'fr'], defaultLocale: 'en' },
    collections: collections({
      localized: true,
      editor: lexicalEditor({ features: [BoldFeature()] }),
    }),
  })
  const once = lexicalOf(config)
  const twice = lexicalOf(config)
  t.deepEqual(twice, once)
  // A `lexical` key a config writes itself is still refused.
  t.throws(
    () =>
      sanitizeConfig(
        defineConfig({ collections: collections({ lexical: { nodes: ['root'] } as never }) }),
      ),
    { instanceOf: ConfigError, message: /lexical/ },
  )
})
