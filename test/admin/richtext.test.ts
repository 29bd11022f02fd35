/**
 * The rich-text editor with Payload's nodes: a seeded post's blocks and uploads show as cards and come back
 * unchanged when only its text is edited; an upload inserted through the toolbar is stored as Payload's node; a
 * removed block is gone; the edit view with cards passes axe.
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

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer()

/** Creates an image of the media collection. */
async function image(name: string, alt: string): Promise<Doc> {
  const data = await png()
  return (await s.cms.create({
    collection: 'media',
    data: { alt },
    file: { data, name, mimetype: 'image/png', size: data.length },
  })) as Doc
}

/** The nodes of a Lexical state, depth first. */
const nodes = (node: Doc): Doc[] => [node, ...(node.children ?? []).flatMap(nodes)]
const PAYLOAD = ['block', 'inlineBlock', 'upload', 'relationship', 'horizontalrule']
const payloadNodes = (body: Doc | null) =>
  body ? nodes(body.root).filter((n) => PAYLOAD.includes(n.type)) : []
const texts = (body: Doc) =>
  nodes(body.root)
    .filter((n) => n.type === 'text')
    .map((n) => n.text)
    .join('')

const draftOf = async (id: string | number): Promise<Doc> => {
  const headers = await bearer('admin')
  const r = await s.request('GET', `/api/posts/${id}?draft=true&depth=0`, { headers })
  return r.body
}

/** A seeded post with a block in its body, given an upload after its paragraphs (through the Local API). */
async function postWithCards(): Promise<Doc> {
  const posts = (await s.cms.find({ collection: 'posts', limit: 100, depth: 0 })).docs as Doc[]
  // One not used by an earlier test: with a block and no upload yet.
  const post = posts.find((d) => {
    const json = JSON.stringify(d.body ?? null)
    return json.includes('"type":"block"') && !json.includes('"type":"upload"')
  })!
  const media = await image(`card-${post.id}.png`, `Alt of post ${post.id}`)
  const body = structuredClone(post.body)
  body.root.children.push({
    type: 'upload',
    relationTo: 'media',
    value: media.id,
    fields: { caption: 'A caption' },
    format: '',
    version: 3,
  })
  await s.cms.update({ collection: 'posts', id: post.id, data: { body } })
  return { ...(await draftOf(post.id)), media }
}

const open = async (id: string | number): Promise<Page> => {
  const p = await s.open()
  await p.login('admin')
  await p.page.waitForLoadState('networkidle')
  await p.go(`/collections/posts/${id}`)
  await p.page.getByRole('textbox', { name: 'Body' }).waitFor()
  return p
}

// Waits for the save's own answer: a text such as /saved/ would also match "Unsaved changes", shown before it.
const saveDraft = async (p: Page) => {
  const answer = p.page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/api/posts/'),
  )
  await p.page.getByRole('button', { name: 'Save Draft' }).click()
  if (!(await answer).ok()) throw new Error('The draft save failed.')
  await p.page.getByText('Unsaved changes').waitFor({ state: 'detached' })
  await p.page.waitForLoadState('networkidle')
}

test.serial(
  "a seeded post's upload and block show as cards and come back unchanged when its text is edited",
  async (t) => {
    const before = await postWithCards()
    const p = await open(before.id)
    const page = p.page
    await page.getByRole('group', { name: `upload ${before.media.filename}` }).waitFor()
    await page.getByRole('group', { name: 'Banner block' }).waitFor()
    t.true(await page.getByText('Start with the first post.').isVisible())
    await page
      .getByText(/, filed in /)
      .first()
      .click()
    await page.keyboard.press('End')
    await page.keyboard.type(' Edited here.')
    await p.screenshot('richtext-cards')
    await saveDraft(p)
    const after = await draftOf(before.id)
    t.true(texts(after.body).includes('Edited here.'))
    t.false(texts(before.body).includes('Edited here.'))
    t.deepEqual(payloadNodes(after.body), payloadNodes(before.body))
    t.is(payloadNodes(after.body).length, 2)
    await p.done(t)
  },
)

test.serial('the edit view with cards passes axe', async (t) => {
  const before = await postWithCards()
  const p = await open(before.id)
  const card = p.page.getByRole('group', { name: `upload ${before.media.filename}` })
  await card.getByRole('img', { name: before.media.alt }).waitFor()
  t.deepEqual(await p.axe(), [])
  await p.done(t)
})

test.serial(
  'an upload, a rule and a relationship inserted through the toolbar are stored as Payload writes them',
  async (t) => {
    const media = await image('inserted-sunrise.png', 'An inserted sunrise')
    const p = await s.open()
    await p.login('admin')
    const page = p.page
    await page.waitForLoadState('networkidle')
    await p.go('/collections/posts/create')
    await page.getByRole('heading', { name: 'Create new Post' }).waitFor()
    await page.locator('#field-title').fill('With an upload')
    await page.locator('#field-slug').fill('with-an-upload')
    await page.getByRole('textbox', { name: 'Body' }).click()
    await page.keyboard.type('Before the image')
    const toolbar = page.getByRole('toolbar', { name: 'Body formatting' })
    await toolbar.getByRole('button', { name: 'Add Upload' }).click()
    await page.getByRole('searchbox', { name: 'Search Media' }).fill('inserted-sun')
    await page.getByRole('button', { name: 'inserted-sunrise.png' }).click()
    await page.getByRole('group', { name: 'upload inserted-sunrise.png' }).waitFor()
    await toolbar.getByRole('button', { name: 'Horizontal rule' }).click()
    await page.getByRole('group', { name: 'horizontal rule' }).waitFor()
    await toolbar.getByRole('button', { name: 'Add Relationship' }).click()
    const picker = page.getByRole('group', { name: 'Add Relationship' })
    await picker.getByRole('combobox', { name: 'Collection' }).selectOption('categories')
    await picker.getByRole('searchbox', { name: 'Search Categories' }).fill('Engin')
    await picker.getByRole('button', { name: 'Engineering' }).click()
    await page.getByRole('group', { name: 'relationship to Engineering' }).waitFor()
    await page.getByRole('button', { name: 'Save Draft' }).click()
    await page.getByRole('heading', { name: 'With an upload' }).waitFor()
    await page.waitForLoadState('networkidle')
    const id = page.url().split('/').pop()!
    const draft = await draftOf(id)
    t.true(texts(draft.body).includes('Before the image'))
    const uploads = payloadNodes(draft.body)
    t.deepEqual(
      uploads.map((n) => n.type),
      ['upload', 'horizontalrule', 'relationship'],
    )
    t.like(uploads[0], { type: 'upload', relationTo: 'media', value: media.id, version: 3 })
    t.like(uploads[1], { type: 'horizontalrule', version: 1 })
    const engineering = (
      await s.cms.find({ collection: 'categories', where: { slug: { equals: 'engineering' } } })
    ).docs[0]
    t.like(uploads[2], { relationTo: 'categories', value: engineering.id, version: 2 })
    await p.done(t)
  },
)

test.serial('a removed block card is gone from the saved body', async (t) => {
  const before = await postWithCards()
  const p = await open(before.id)
  const remove = p.page.getByRole('button', { name: 'Remove Banner block' })
  await remove.focus()
  await p.page.keyboard.press('Enter')
  await p.page.getByRole('group', { name: 'Banner block' }).waitFor({ state: 'detached' })
  await saveDraft(p)
  const after = await draftOf(before.id)
  t.deepEqual(
    payloadNodes(after.body).map((n) => n.type),
    ['upload'],
  )
  t.is(texts(after.body), texts(before.body))
  await p.done(t)
})

test.serial("a block's select field is edited in its card; its other fields stay", async (t) => {
  const before = await postWithCards()
  const p = await open(before.id)
  const card = p.page.getByRole('group', { name: 'Banner block' })
  await card.getByRole('combobox', { name: 'Style' }).selectOption('warning')
  await saveDraft(p)
  const after = await draftOf(before.id)
  const [was] = payloadNodes(before.body).filter((n) => n.type === 'block')
  const [now] = payloadNodes(after.body).filter((n) => n.type === 'block')
  t.is(was.fields.style, 'info')
  t.deepEqual(now, { ...was, fields: { ...was.fields, style: 'warning' } })
  await p.done(t)
})
