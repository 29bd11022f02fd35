/**
 * A rich-text field with few features (a config of its own): bold, italic, bulleted lists, links to posts, a
 * gallery block with an array and a mention inline block. The toolbar, the slash menu and the markdown shortcuts
 * offer only these, there is no floating toolbar without InlineToolbarFeature, and an inline block and a block's
 * array are inserted from the toolbar and edited in place.
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Access } from '../../server/config/types.ts'
import {
  BlocksFeature,
  BoldFeature,
  ItalicFeature,
  lexicalEditor,
  LinkFeature,
  ParagraphFeature,
  UnorderedListFeature,
} from '../../server/index.ts'
import { useAdmin } from './harness.ts'

type Doc = Record<string, any>

const loggedIn: Access = ({ req }) => Boolean(req.user)

const config = defineConfig({
  collections: [
    { slug: 'users', auth: true, fields: [{ name: 'name', type: 'text' }] },
    {
      // `posts`: the admin is built against the example app's SDK, which addresses collections by its slugs.
      slug: 'posts',
      labels: { singular: 'Post', plural: 'Posts' },
      admin: { useAsTitle: 'title' },
      access: { read: loggedIn, create: loggedIn, update: loggedIn, delete: loggedIn },
      fields: [
        { name: 'title', type: 'text', required: true },
        {
          name: 'body',
          type: 'richText',
          editor: lexicalEditor({
            features: [
              ParagraphFeature(),
              BoldFeature(),
              ItalicFeature(),
              UnorderedListFeature(),
              LinkFeature({ enabledCollections: ['posts'] }),
              BlocksFeature({
                blocks: [
                  {
                    slug: 'gallery',
                    labels: { singular: 'Gallery', plural: 'Galleries' },
                    fields: [
                      {
                        name: 'items',
                        type: 'array',
                        fields: [{ name: 'caption', type: 'text', required: true }],
                      },
                    ],
                  },
                ],
                inlineBlocks: [
                  {
                    slug: 'mention',
                    labels: { singular: 'Mention', plural: 'Mentions' },
                    fields: [{ name: 'who', type: 'text', required: true }],
                  },
                ],
              }),
            ],
          }),
        },
      ],
    },
  ],
  seed: async (cms) => {
    await cms.create({
      collection: 'users',
      data: { email: 'admin@example.com', password: 'admin-password', name: 'Admin' },
    })
  },
})

const s = useAdmin(test, undefined, config)
type Page = Awaited<ReturnType<typeof s.open>>

const nodes = (node: Doc): Doc[] => [node, ...(node.children ?? []).flatMap(nodes)]
const textOf = (node: Doc): string =>
  node.type === 'text' ? node.text : (node.children ?? []).map(textOf).join('')

async function newPost(title: string): Promise<Page> {
  const p = await s.open()
  await p.login('admin')
  await p.page.waitForLoadState('networkidle')
  await p.go('/collections/posts/create')
  await p.page.getByRole('heading', { name: 'Create new Post' }).waitFor()
  await p.page.locator('#field-title').fill(title)
  await p.page.getByRole('textbox', { name: 'Body' }).click()
  return p
}

async function save(p: Page, title: string): Promise<Doc> {
  await p.page.getByRole('button', { name: 'Save', exact: true }).click()
  await p.page.getByRole('heading', { name: title, level: 1 }).waitFor()
  await p.page.waitForLoadState('networkidle')
  const id = Number(p.page.url().split('/').pop())
  return (await s.cms.findByID({ collection: 'posts', id, depth: 0 })) as Doc
}

test.serial(
  'the toolbar, the slash menu and the shortcuts offer only what the field enables',
  async (t) => {
    const title = 'Few features'
    const p = await newPost(title)
    const { page } = p
    const toolbar = page.getByRole('toolbar', { name: 'Body formatting' })
    t.deepEqual(await toolbar.getByRole('button').allInnerTexts(), [
      'Bold',
      'Italic',
      'Link',
      'Bulleted list',
      'Add Block',
      'Add Inline Block',
    ])
    await page.keyboard.type('/')
    // The menu with its options: Lexical may leave an empty anchor of an earlier menu behind (a second listbox).
    const menu = page.locator('#typeahead-menu')
    await menu.waitFor()
    t.deepEqual(await menu.getByRole('option').allInnerTexts(), [
      'Paragraph',
      'Bulleted list',
      'Gallery',
      'Mention',
    ])
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    await page.keyboard.press('Backspace')
    for (const line of [
      '## Not a heading',
      '> Not a quote',
      '1. Not numbered',
      'Not `code` nor ~~struck~~',
    ]) {
      await page.keyboard.type(line)
      await page.keyboard.press('Enter')
    }
    await page.keyboard.type('**Bold** and *slanted*')
    await page.keyboard.press('Enter')
    await page.keyboard.type('- A bullet')
    // No InlineToolbarFeature: a selection shows no floating toolbar.
    await page.keyboard.press('Shift+Home')
    await page.waitForTimeout(200)
    t.is(await page.getByRole('toolbar', { name: 'Body selection formatting' }).count(), 0)
    const body = (await save(p, title)).body
    t.deepEqual(
      body.root.children.map((n: Doc) => [n.type, textOf(n)]),
      [
        ['paragraph', '## Not a heading'],
        ['paragraph', '> Not a quote'],
        ['paragraph', '1. Not numbered'],
        ['paragraph', 'Not `code` nor ~~struck~~'],
        ['paragraph', 'Bold and slanted'],
        ['list', 'A bullet'],
      ],
    )
    const formats = nodes(body.root.children[4])
      .filter((n) => n.type === 'text')
      .map((n) => [n.text, n.format])
    t.deepEqual(formats, [
      ['Bold', 1],
      [' and ', 0],
      ['slanted', 2],
    ])
    await p.done(t)
  },
)

test.serial(
  'an inline block and a block with an array are inserted and edited in place',
  async (t) => {
    const title = 'Blocks in place'
    const p = await newPost(title)
    const { page } = p
    await page.keyboard.type('Thanks to ')
    const toolbar = page.getByRole('toolbar', { name: 'Body formatting' })
    await toolbar.getByRole('button', { name: 'Add Inline Block' }).click()
    await page
      .getByRole('group', { name: 'Add Inline Block' })
      .getByRole('button', { name: 'Mention' })
      .click()
    const mention = page.getByRole('group', { name: 'Mention block' })
    await mention.getByLabel('Who').fill('Ada')
    await toolbar.getByRole('button', { name: 'Add Block' }).click()
    await page
      .getByRole('group', { name: 'Add Block' })
      .getByRole('button', { name: 'Gallery' })
      .click()
    const gallery = page.getByRole('group', { name: 'Gallery block' })
    await gallery.getByRole('button', { name: 'Add Item' }).click()
    await gallery.getByLabel('Caption').fill('First picture')
    await gallery.getByRole('button', { name: 'Add Item' }).click()
    await gallery.getByLabel('Caption').nth(1).fill('Second picture')
    t.deepEqual(await p.axe(), [])
    const body = (await save(p, title)).body
    const inline = nodes(body.root).find((n) => n.type === 'inlineBlock')
    t.like(inline, { version: 1, fields: { blockType: 'mention', who: 'Ada' } })
    t.is(textOf(body.root.children[0]), 'Thanks to ', 'the inline block sits in the paragraph')
    t.truthy(nodes(body.root.children[0]).find((n) => n.type === 'inlineBlock'))
    const block = nodes(body.root).find((n) => n.type === 'block')
    t.deepEqual(
      block?.fields.items.map((r: Doc) => r.caption),
      ['First picture', 'Second picture'],
    )
    for (const row of block?.fields.items ?? []) t.regex(row.id, /^[0-9a-f]{24}$/)
    await p.done(t)
  },
)
