/**
 * `lexicalEditor({ features })`: a rich-text field's editor, written as in Payload 3 with its imports from
 * contract-cms, resolves at start into the nodes the server allows and what its nodes point at; a bad editor is a
 * startup error naming where it is.
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import {
  BlocksFeature,
  BoldFeature,
  CodeBlock,
  ConfigError,
  HeadingFeature,
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
