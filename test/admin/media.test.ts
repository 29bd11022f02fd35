/**
 * Issue 57 item 4: media in the admin. An upload field uploads a new file in a drawer (the media collection's
 * create form) or takes a file dropped on it, and selects the new document with its thumbnail, all without leaving
 * the form; "Choose from existing" picks from the library's grid; an upload collection's list has a grid view with
 * thumbnails, filenames, dimensions and a type filter, and a bulk upload of several files (each a document, with
 * its progress and its own errors); the list's upload columns show thumbnails.
 */
import './media-dir.ts'
import test from 'ava'
import sharp from 'sharp'
import { ARTIFACTS, useAdmin } from './harness.ts'
import { seededBearer } from '../helpers/http.ts'

const s = useAdmin(test)
const bearer = seededBearer(s)

type Doc = Record<string, any>
type Page = Awaited<ReturnType<typeof s.open>>

/** A drawer as the screen shows it (a full-page shot would cut the fixed drawer at the viewport's height). */
const drawerShot = (p: Page, name: string) =>
  p.page.screenshot({ path: `${ARTIFACTS}/${name}-1280.png` })

/** A real PNG of a size and colour. */
const png = (width: number, height: number, background = '#3a7bd5') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

async function stored(name: string, data: Doc, bytes: Buffer, mimetype: string): Promise<Doc> {
  return (await s.cms.create({
    collection: 'media',
    data,
    file: { data: bytes, name, mimetype, size: bytes.length },
  })) as Doc
}

/** Drops files on an element: `dragenter`, `dragover`, `drop` carrying a `DataTransfer`, as a browser's. */
async function dropFiles(
  p: Page,
  testId: string,
  files: { bytes: Buffer; name: string; type: string }[],
) {
  const dataTransfer = await p.page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer()
      for (const f of list) {
        const data = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))
        transfer.items.add(new File([data], f.name, { type: f.type }))
      }
      return transfer
    },
    files.map((f) => ({ base64: f.bytes.toString('base64'), name: f.name, type: f.type })),
  )
  const zone = p.page.getByTestId(testId)
  await zone.dispatchEvent('dragenter', { dataTransfer })
  await zone.dispatchEvent('dragover', { dataTransfer })
  await zone.dispatchEvent('drop', { dataTransfer })
}

/** The create view of a post with its title and slug, marked: a page load would drop the mark. */
async function newPost(p: Page, title: string) {
  await p.login('admin')
  await p.visit('/collections/posts/create')
  await p.page.getByRole('heading', { name: 'Create new Post' }).waitFor()
  await p.page.locator('#field-title').fill(title)
  await p.page.locator('#field-slug').fill(title.toLowerCase().replace(/\W+/g, '-'))
  await p.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
}
const stayed = (p: Page) =>
  p.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true)

const heroField = (p: Page) => p.page.getByRole('group', { name: 'Hero Image' })

/** Saves the post as a draft and answers it as stored (depth 0). */
async function saveDraft(p: Page, title: string): Promise<Doc> {
  await p.page.getByRole('button', { name: 'Save Draft' }).click()
  await p.page.getByRole('heading', { name: title }).waitFor()
  const id = p.page.url().split('/').pop()!
  const r = await s.request('GET', `/api/posts/${id}?draft=true&depth=0`, {
    headers: await bearer('admin'),
  })
  return r.body
}

test.serial('a post with a new hero image uploaded from inside the form in one page', async (t) => {
  const p = await s.open()
  await newPost(p, 'With a new hero')
  const page = p.page
  const createPath = new URL(page.url()).pathname
  await heroField(p).getByRole('button', { name: 'Upload new Media' }).click()
  const drawer = page.getByRole('dialog', { name: 'Create new Media' })
  await drawer.getByRole('region', { name: 'File' }).waitFor()
  await drawer.getByLabel('Select a file', { exact: true }).setInputFiles({
    name: 'hero.png',
    mimeType: 'image/png',
    buffer: await png(640, 360),
  })
  await drawer.getByRole('img', { name: 'Preview of hero.png' }).waitFor()
  await drawer.getByLabel('Alt').fill('A blue hero')
  t.deepEqual(await p.axe(), [])
  await drawerShot(p, 'media-upload-drawer')
  const [created] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/media',
    ),
    drawer.getByRole('button', { name: 'Save', exact: true }).click(),
  ])
  t.is(created.status(), 201)
  t.regex(created.request().headers()['content-type'] ?? '', /^multipart\/form-data/)
  await drawer.waitFor({ state: 'detached' })
  const media = (await created.json()).doc as Doc

  // Selected, with its thumbnail, in the same page and form.
  const card = heroField(p).locator('.upload-card')
  await card.getByRole('link', { name: 'hero.png' }).waitFor()
  await card.getByText('640 × 360 px').waitFor()
  t.is(await card.locator('img').getAttribute('src'), media.sizes.thumbnail.url)
  t.is(new URL(page.url()).pathname, createPath)
  t.true(await stayed(p))
  t.is(await page.locator('#field-title').inputValue(), 'With a new hero')

  const post = await saveDraft(p, 'With a new hero')
  t.is(post.heroImage, media.id)
  const doc = (await s.cms.findByID({ collection: 'media', id: media.id })) as Doc
  t.is(doc.alt, 'A blue hero')
  t.is(doc.filename, 'hero.png')
  t.is(doc.width, 640)
  const file = await fetch(new URL(doc.url, s.url))
  t.is(file.status, 200)
  t.is(file.headers.get('content-type'), 'image/png')
  t.is((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width, 640)
  await p.done(t)
})

test.serial(
  'a file dropped onto the upload field opens the drawer with it; a refused one does not',
  async (t) => {
    const p = await s.open()
    await newPost(p, 'With a dropped hero')
    const page = p.page
    await dropFiles(p, 'upload-field-drop', [
      { bytes: Buffer.from('Not an image.\n'), name: 'notes.txt', type: 'text/plain' },
    ])
    await heroField(p)
      .getByRole('alert')
      .filter({ hasText: '“notes.txt” (text/plain) is not accepted' })
      .waitFor()
    t.is(await page.getByRole('dialog').count(), 0)

    await dropFiles(p, 'upload-field-drop', [
      { bytes: await png(300, 200, '#d53a7b'), name: 'dropped.png', type: 'image/png' },
    ])
    const drawer = page.getByRole('dialog', { name: 'Create new Media' })
    await drawer.getByRole('img', { name: 'Preview of dropped.png' }).waitFor()
    await drawer.getByText('New file, sent when you save').waitFor()
    // Saving without the required alt: the error shows in the drawer, which stays open.
    await drawer.getByRole('button', { name: 'Save', exact: true }).click()
    await drawer.getByRole('alert').first().waitFor()
    await drawer.locator('.field-error').first().waitFor()
    await drawer.getByLabel('Alt').fill('A pink drop')
    await drawer.getByRole('button', { name: 'Save', exact: true }).click()
    await drawer.waitFor({ state: 'detached' })
    await heroField(p).getByRole('link', { name: 'dropped.png' }).waitFor()
    t.true(await stayed(p))
    const post = await saveDraft(p, 'With a dropped hero')
    const media = (
      await s.cms.find({ collection: 'media', where: { filename: { equals: 'dropped.png' } } })
    ).docs[0] as Doc
    t.is(media.alt, 'A pink drop')
    t.is(post.heroImage, media.id)
    await p.done(t)
  },
)

test.serial(
  '"Choose from existing" picks a file from the library grid, searched by name',
  async (t) => {
    const sunset = await stored(
      'library-sunset.png',
      { alt: 'A sunset' },
      await png(400, 300, '#f5a623'),
      'image/png',
    )
    await stored('library-other.png', { alt: 'Another' }, await png(200, 200), 'image/png')
    const p = await s.open()
    await newPost(p, 'With a chosen hero')
    const page = p.page
    await heroField(p).getByRole('button', { name: 'Choose from existing Media' }).click()
    const drawer = page.getByRole('dialog', { name: 'Choose Media' })
    await drawer.getByRole('list', { name: 'Media' }).waitFor()
    await drawer.getByLabel('Search Media').fill('library-sun')
    await drawer
      .getByRole('button', { name: 'Choose library-other.png' })
      .waitFor({ state: 'detached' })
    t.deepEqual(await p.axe(), [])
    await drawer.getByRole('button', { name: 'Choose library-sunset.png' }).click()
    await drawer.waitFor({ state: 'detached' })
    await heroField(p).getByRole('link', { name: 'library-sunset.png' }).waitFor()
    const post = await saveDraft(p, 'With a chosen hero')
    t.is(post.heroImage, sunset.id)
    await p.done(t)
  },
)

test.serial(
  'the media grid shows thumbnails, filenames and dimensions, filtered by type',
  async (t) => {
    const image = await stored(
      'grid-image.png',
      { alt: 'Grid image' },
      await png(320, 240),
      'image/png',
    )
    const pdf = await stored('grid-doc.pdf', { alt: 'Grid PDF' }, PDF, 'application/pdf')
    const p = await s.open()
    await p.login('admin')
    await p.visit('/collections/media')
    await p.page.getByRole('table').waitFor()
    await p.page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Grid' }).click()
    await p.page.waitForURL(/view=grid/)
    const grid = p.page.getByRole('list', { name: 'Media' })
    const imageCard = grid.getByRole('listitem').filter({ hasText: 'grid-image.png' })
    await imageCard.getByText('320 × 240 px').waitFor()
    await imageCard.getByText('image/png').waitFor()
    t.is(await imageCard.locator('img').getAttribute('src'), image.sizes.thumbnail.url)
    const pdfCard = grid.getByRole('listitem').filter({ hasText: 'grid-doc.pdf' })
    await pdfCard.getByText('application/pdf').waitFor()
    t.is(await pdfCard.locator('img').count(), 0)
    t.is(
      await p.page
        .getByRole('group', { name: 'View' })
        .getByRole('button', { name: 'Grid' })
        .getAttribute('aria-pressed'),
      'true',
    )
    t.deepEqual(await p.axe(), [])
    await p.screenshot('media-grid')

    // The type filter: PDF only, then images only; kept in the URL.
    await p.page.getByLabel('Type', { exact: true }).selectOption('application/pdf')
    await p.page.waitForURL(/type=application%2Fpdf/)
    await imageCard.waitFor({ state: 'detached' })
    await pdfCard.waitFor()
    const pdfs = (
      await s.cms.count({ collection: 'media', where: { mimeType: { equals: 'application/pdf' } } })
    ).totalDocs
    t.is(await grid.getByRole('listitem').count(), pdfs)
    await p.page.getByLabel('Type', { exact: true }).selectOption('image/*')
    await imageCard.waitFor()
    t.is(await pdfCard.count(), 0)
    // The card opens its document.
    await imageCard.getByRole('link', { name: 'grid-image.png' }).click()
    await p.page.waitForURL(new RegExp(`/collections/media/${image.id}$`))
    t.truthy(pdf.id)
    await p.done(t)
  },
)

test.serial(
  'a bulk upload of three files makes three documents, each with its progress and errors',
  async (t) => {
    const before = (await s.cms.count({ collection: 'media' })).totalDocs
    const p = await s.open()
    await p.login('admin')
    await p.visit('/collections/media')
    await p.page.getByRole('button', { name: 'Bulk upload' }).click()
    const drawer = p.page.getByRole('dialog', { name: 'Bulk upload Media' })
    await drawer.getByLabel('Add files', { exact: true }).setInputFiles([
      { name: 'bulk-1.png', mimeType: 'image/png', buffer: await png(120, 80, '#112233') },
      { name: 'bulk-2.png', mimeType: 'image/png', buffer: await png(130, 90, '#445566') },
      { name: 'bulk-3.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'bulk-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('text\n') },
    ])
    // The text file is refused on arrival; three wait, each with its own fields.
    await drawer
      .getByRole('alert')
      .filter({ hasText: '“bulk-notes.txt” (text/plain) is not accepted' })
      .waitFor()
    const files = drawer.getByRole('list', { name: 'Files' })
    const item = (name: string) => files.getByRole('group', { name })
    await item('bulk-1.png').getByLabel('Alt').fill('First')
    await item('bulk-3.pdf').getByLabel('Alt').fill('Third')
    t.deepEqual(await p.axe(), [])
    await drawerShot(p, 'media-bulk-upload')

    // Each create is held a moment, so its progress shows; the second fails (no alt) and says so at its field.
    const isCreate = (url: URL) => url.pathname === '/api/media'
    await p.page.route(isCreate, async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 300))
      await route.continue()
    })
    await drawer.getByRole('button', { name: 'Upload 3 files' }).click()
    await item('bulk-1.png').locator('progress').waitFor()
    await drawer
      .getByRole('status')
      .filter({ hasText: '2 of 3 files uploaded, 1 failed.' })
      .waitFor()
    await item('bulk-1.png').getByRole('link', { name: 'bulk-1.png' }).waitFor()
    await item('bulk-3.pdf').getByRole('link', { name: 'bulk-3.pdf' }).waitFor()
    await item('bulk-2.png')
      .getByRole('alert')
      .filter({ hasText: 'bulk-2.png was not uploaded' })
      .waitFor()
    await item('bulk-2.png').locator('.field-error').waitFor()
    t.is((await s.cms.count({ collection: 'media' })).totalDocs, before + 2)

    // Fixed and sent again: only that one goes.
    await item('bulk-2.png').getByLabel('Alt').fill('Second')
    await drawer.getByRole('button', { name: 'Upload 1 file' }).click()
    await drawer.getByRole('status').filter({ hasText: '3 of 3 files uploaded.' }).waitFor()
    await item('bulk-2.png').getByRole('link', { name: 'bulk-2.png' }).waitFor()
    const docs = (
      await s.cms.find({
        collection: 'media',
        where: { filename: { in: ['bulk-1.png', 'bulk-2.png', 'bulk-3.pdf'] } },
        sort: 'filename',
      })
    ).docs as Doc[]
    t.deepEqual(
      docs.map((d) => [d.filename, d.alt, d.mimeType]),
      [
        ['bulk-1.png', 'First', 'image/png'],
        ['bulk-2.png', 'Second', 'image/png'],
        ['bulk-3.pdf', 'Third', 'application/pdf'],
      ],
    )
    t.is((await s.cms.count({ collection: 'media' })).totalDocs, before + 3)
    await drawer.getByRole('button', { name: 'Done' }).click()
    await drawer.waitFor({ state: 'detached' })
    await p.page.unroute(isCreate)
    await p.done(t)
  },
)

test.serial("the list's upload column shows the file's thumbnail and name", async (t) => {
  const media = await stored(
    'column-hero.png',
    { alt: 'Column hero' },
    await png(300, 300),
    'image/png',
  )
  await s.cms.create({
    collection: 'posts',
    data: { title: 'Thumbnail column', slug: 'thumbnail-column', heroImage: media.id },
    draft: true,
  })
  const p = await s.open()
  await p.login('admin')
  await p.visit('/collections/posts?columns=title,heroImage&search=Thumbnail%20column')
  const row = p.page
    .getByRole('row')
    .filter({ has: p.page.getByRole('link', { name: 'Thumbnail column' }) })
  const cell = row.getByRole('cell', { name: 'column-hero.png' })
  await cell.waitFor()
  t.is(await cell.locator('img').getAttribute('src'), media.sizes.thumbnail.url)
  t.deepEqual(await p.axe(), [])
  await p.done(t)
})
