/**
 * Links and cards of the example's posts.body: the link drawer saves an internal link to a post as Payload stores
 * it (`linkType: 'internal'`, `doc: { relationTo, value }`) and opens it again, and a custom URL with "Open in
 * new tab"; a banner block inserted from the toolbar has its fields (a select, nested rich text, a relationship)
 * typed in place and saved; an upload's own field (the caption) is edited in its card.
 */
import './media-dir.ts'
import test from 'ava'
import sharp from 'sharp'
import { useAdmin } from './harness.ts'
import { seededBearer } from '../helpers/http.ts'

const s = useAdmin(test)
const bearer = seededBearer(s)

type Doc = Record<string, any>
type Page = Awaited<ReturnType<typeof s.open>>

const nodes = (node: Doc): Doc[] => [node, ...(node.children ?? []).flatMap(nodes)]
const textOf = (node: Doc): string =>
  node.type === 'text' ? node.text : (node.children ?? []).map(textOf).join('')

/** The form of a new post (title and slug filled), or of a post, with the caret in its body. */
async function open(title: string, id?: string | number): Promise<Page> {
  const p = await s.open()
  await p.login('admin')
  await p.page.waitForLoadState('networkidle')
  await p.go(id === undefined ? '/collections/posts/create' : `/collections/posts/${id}`)
  if (id === undefined) {
    await p.page.getByRole('heading', { name: 'Create new Post' }).waitFor()
    await p.page.locator('#field-title').fill(title)
    await p.page.locator('#field-slug').fill(title.toLowerCase().replace(/\W+/g, '-'))
  }
  await p.page.getByRole('textbox', { name: 'Body' }).click()
  return p
}

/** Saves the draft (its own answer must be a 2xx) and reads the post back through the REST API. */
async function save(p: Page, title: string): Promise<Doc> {
  const answer = p.page.waitForResponse(
    (r) =>
      ['POST', 'PATCH'].includes(r.request().method()) &&
      /\/api\/posts(\/\d+)?(\?|$)/.test(r.url()),
  )
  await p.page.getByRole('button', { name: 'Save Draft' }).click()
  const r = await answer
  if (!r.ok()) throw new Error(`The save answered ${r.status()}: ${await r.text()}`)
  await p.page.getByRole('heading', { name: title, level: 1 }).waitFor()
  await p.page.waitForLoadState('networkidle')
  const id = p.page.url().split('/').pop()!
  const headers = await bearer('admin')
  return (await s.request('GET', `/api/posts/${id}?draft=true&depth=0`, { headers })).body
}

const someTitle = async (): Promise<Doc> =>
  (await s.cms.find({ collection: 'posts', sort: 'id', limit: 1, depth: 0 })).docs[0] as Doc

test.serial(
  'an internal link to a post is saved with relationTo and value, and opens again',
  async (t) => {
    const target = await someTitle()
    const title = 'With an internal link'
    const p = await open(title)
    const { page } = p
    await page.keyboard.type('Read the first post')
    for (let i = 0; i < 'the first post'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
    const toolbar = page.getByRole('toolbar', { name: 'Body formatting' })
    await toolbar.getByRole('button', { name: 'Link' }).click()
    const drawer = page.getByRole('dialog', { name: 'Add Link' })
    await drawer.waitFor()
    t.is(await drawer.getByLabel('Text to display').inputValue(), 'the first post')
    await drawer.getByLabel('Internal Link').check()
    await drawer.getByRole('combobox', { name: 'Collection' }).selectOption('posts')
    await drawer.getByRole('searchbox', { name: 'Search Posts' }).fill(target.title.slice(0, 12))
    await drawer.getByRole('button', { name: target.title, exact: true }).click()
    await drawer.getByText(`Linked to ${target.title}`).waitFor()
    await drawer.getByLabel('Open in new tab').check()
    await drawer.getByRole('button', { name: 'Save changes' }).click()
    await drawer.waitFor({ state: 'hidden' })
    const saved = await save(p, title)
    const links = nodes(saved.body.root).filter((n) => n.type === 'link')
    t.is(links.length, 1)
    t.is(textOf(links[0]), 'the first post')
    t.deepEqual(links[0].fields, {
      linkType: 'internal',
      newTab: true,
      doc: { relationTo: 'posts', value: target.id },
    })
    t.is(links[0].$, undefined, "the editor's own state of the link is not saved")
    // Opened again from the saved document: the drawer edits the same link.
    await page.getByText('the first post').click()
    await toolbar.getByRole('button', { name: 'Link' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Link' })
    await edit.waitFor()
    t.true(await edit.getByLabel('Internal Link').isChecked())
    await edit.getByText(`Linked to ${target.title}`).waitFor()
    await edit.getByRole('button', { name: 'Cancel' }).click()
    await p.done(t)
  },
)

test.serial('a custom URL is saved as linkType custom; Remove link unlinks', async (t) => {
  const title = 'With a custom link'
  const p = await open(title)
  const { page } = p
  await page.keyboard.type('Visit ')
  const toolbar = page.getByRole('toolbar', { name: 'Body formatting' })
  // Nothing selected: the drawer inserts a new link with its text.
  await toolbar.getByRole('button', { name: 'Link' }).click()
  const drawer = page.getByRole('dialog', { name: 'Add Link' })
  await drawer.getByRole('button', { name: 'Save changes' }).click()
  await drawer.getByRole('alert').getByText('Enter the text to display.').waitFor()
  await drawer.getByLabel('Text to display').fill('the example')
  await drawer.getByLabel('Enter a URL').fill('https://example.com/page')
  await drawer.getByLabel('Enter a URL').press('Enter')
  await drawer.waitFor({ state: 'hidden' })
  await page.keyboard.type(' site and ')
  await page.keyboard.type('unlinked')
  let saved = await save(p, title)
  const links = nodes(saved.body.root).filter((n) => n.type === 'link')
  t.deepEqual(
    links.map((l) => [textOf(l), l.fields]),
    [['the example', { linkType: 'custom', url: 'https://example.com/page', newTab: false }]],
  )
  t.is(textOf(saved.body.root), 'Visit the example site and unlinked')
  await page.getByText('the example').click()
  await toolbar.getByRole('button', { name: 'Link' }).click()
  await page
    .getByRole('dialog', { name: 'Edit Link' })
    .getByRole('button', { name: 'Remove link' })
    .click()
  saved = await save(p, title)
  t.is(nodes(saved.body.root).filter((n) => n.type === 'link').length, 0)
  t.is(textOf(saved.body.root), 'Visit the example site and unlinked')
  await p.done(t)
})

test.serial(
  'a banner block inserted from the toolbar has its fields typed in place and saved',
  async (t) => {
    const related = await someTitle()
    const title = 'With a banner'
    const p = await open(title)
    const { page } = p
    await page.keyboard.type('Before the banner')
    const toolbar = page.getByRole('toolbar', { name: 'Body formatting' })
    await toolbar.getByRole('button', { name: 'Add Block' }).click()
    await page
      .getByRole('group', { name: 'Add Block' })
      .getByRole('button', { name: 'Banner' })
      .click()
    const card = page.getByRole('group', { name: 'Banner block' })
    await card.waitFor()
    await card.getByRole('combobox', { name: 'Style' }).selectOption('warning')
    // The block's rich text is an editor of its own, with its own toolbar and shortcuts.
    await card.getByRole('textbox', { name: 'Content' }).click()
    await page.keyboard.type('Inside the **banner** card')
    await card.getByRole('searchbox', { name: 'Search post' }).fill(related.title.slice(0, 12))
    await card.getByRole('button', { name: related.title, exact: true }).click()
    await card.getByText(related.title).first().waitFor()
    t.deepEqual(await p.axe(), [])
    await p.screenshot('richtext-banner-in-place')
    const saved = await save(p, title)
    const blocks = nodes(saved.body.root).filter((n) => n.type === 'block')
    t.is(blocks.length, 1)
    const { fields } = blocks[0]
    t.like(fields, { blockType: 'banner', blockName: '', style: 'warning', post: related.id })
    t.regex(fields.id, /^[0-9a-f]{24}$/)
    t.is(textOf(fields.content.root), 'Inside the banner card')
    const bold = nodes(fields.content.root).find((n) => n.type === 'text' && n.format === 1)
    t.is(bold?.text, 'banner')
    t.is(textOf(saved.body.root).startsWith('Before the banner'), true)
    await p.done(t)
  },
)

test.serial("an upload's caption is edited in its card", async (t) => {
  const data = await sharp({
    create: { width: 32, height: 24, channels: 3, background: '#884422' },
  })
    .png()
    .toBuffer()
  const media = (await s.cms.create({
    collection: 'media',
    data: { alt: 'A brown square' },
    file: { data, name: 'caption-square.png', mimetype: 'image/png', size: data.length },
  })) as Doc
  const post = await s.cms.create({
    collection: 'posts',
    draft: true,
    data: {
      title: 'With a captioned image',
      slug: 'with-a-captioned-image',
      body: {
        root: {
          type: 'root',
          version: 1,
          direction: null,
          format: '',
          indent: 0,
          children: [
            {
              type: 'upload',
              relationTo: 'media',
              value: media.id,
              fields: { caption: 'Old caption' },
              format: '',
              version: 3,
            },
          ],
        },
      },
    },
  } as never)
  const p = await open('With a captioned image', post.id as number)
  const card = p.page.getByRole('group', { name: 'upload caption-square.png' })
  await card.getByLabel('Caption', { exact: true }).fill('New caption')
  const saved = await save(p, 'With a captioned image')
  const [upload] = nodes(saved.body.root).filter((n) => n.type === 'upload')
  t.like(upload, { relationTo: 'media', value: media.id, fields: { caption: 'New caption' } })
  await p.done(t)
})

test.serial(
  'the slash menu opens the relationship picker with its search box focused',
  async (t) => {
    const title = 'With a slash relationship'
    const p = await open(title)
    const { page } = p
    await page.keyboard.type('/relat')
    await page.getByRole('option', { name: 'Relationship' }).waitFor()
    await page.keyboard.press('Enter')
    const picker = page.getByRole('group', { name: 'Add Relationship' })
    await picker.waitFor()
    t.true(
      await picker.getByRole('searchbox').evaluate((e) => e === document.activeElement),
      'the search box has the focus',
    )
    await picker.getByRole('combobox', { name: 'Collection' }).selectOption('categories')
    await picker.getByRole('searchbox', { name: 'Search Categories' }).fill('Engin')
    await picker.getByRole('button', { name: 'Engineering' }).click()
    await page.getByRole('group', { name: 'relationship to Engineering' }).waitFor()
    const saved = await save(p, title)
    const engineering = (
      await s.cms.find({ collection: 'categories', where: { slug: { equals: 'engineering' } } })
    ).docs[0]
    t.like(
      nodes(saved.body.root).find((n) => n.type === 'relationship'),
      { relationTo: 'categories', value: engineering.id, version: 2 },
    )
    t.false(JSON.stringify(saved.body).includes('/relat'))
    await p.done(t)
  },
)
