/**
 * Issue 37 item 7: uploads in the admin. The media edit view's file panel: a file dropped on the drop zone (a real
 * `drop` event with a `DataTransfer`) or chosen with the file input, its preview before saving, a type the
 * collection does not accept refused in the panel, the focal point set on the image by a click and the arrow keys,
 * the file sent with the document through the SDK (multipart, through the client's XMLHttpRequest with its
 * progress), and a stored file shown and replaced.
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

/** A real PNG of a size, with a gradient so the sizes differ from a flat fill. */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 4}" cy="${(height * 3) / 4}" r="${height / 6}" fill="#f5a623"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer()

/** A media document with a stored PNG of a size (through the Local API). */
async function storedImage(name: string, width: number, height: number, data: Doc): Promise<Doc> {
  const bytes = await png(width, height)
  return (await s.cms.create({
    collection: 'media',
    data,
    file: { data: bytes, name, mimetype: 'image/png', size: bytes.length },
  })) as Doc
}

/** Drops a file on the panel's drop zone: a `drop` event carrying a `DataTransfer` with a `File`, as a browser's. */
async function dropFile(p: Page, bytes: Buffer, name: string, type: string) {
  const dataTransfer = await p.page.evaluateHandle(
    ({ base64, name, type }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([data], name, { type }))
      return transfer
    },
    { base64: bytes.toString('base64'), name, type },
  )
  const zone = p.page.getByTestId('drop-zone')
  await zone.dispatchEvent('dragenter', { dataTransfer })
  await zone.dispatchEvent('dragover', { dataTransfer })
  await zone.dispatchEvent('drop', { dataTransfer })
}

/** Waits until an image has loaded (its box has the image's size for a click at a spot of it). */
const loaded = (p: Page, name: string) =>
  p.page.waitForFunction((alt) => {
    const img = Array.from(document.images).find((i) => i.alt === alt)
    return Boolean(img?.complete && img.naturalWidth > 0)
  }, name)

const focalText = (x: number, y: number) => `${x}% from the left, ${y}% from the top`

test.serial(
  'an admin drops an image, sees its preview, sets the focal point by a click and the keys, and saves it',
  async (t) => {
    const p = await s.open()
    await p.login('admin')
    const page = p.page
    await p.visit('/collections/media/create')
    await page.getByRole('heading', { name: 'Create new Media' }).waitFor()
    const panel = page.getByRole('region', { name: 'File' })
    await panel.getByText('No file', { exact: true }).waitFor()
    t.is(
      await page.getByLabel('Select a file', { exact: true }).getAttribute('accept'),
      'image/*,application/pdf',
    )

    const image = await png(400, 300)
    await dropFile(p, image, 'photo.png', 'image/png')
    const preview = page.getByRole('img', { name: 'Preview of photo.png' })
    await preview.waitFor()
    await loaded(p, 'Preview of photo.png')
    t.regex((await preview.getAttribute('src')) ?? '', /^blob:/)
    await panel.getByText('New file, sent when you save').waitFor()
    t.is(await panel.locator('.file-details dd').nth(0).textContent(), 'photo.png')
    t.is(await panel.locator('.file-details dd').nth(1).textContent(), 'image/png')
    t.regex(
      (await panel.locator('.file-details dd').nth(2).textContent()) ?? '',
      /^\d+(\.\d)? (B|KB)$/,
    )

    await page.locator('#field-alt').fill('An orange sun on blue')
    const slider = page.getByRole('slider', { name: /Focal Point/ })
    t.is(await slider.getAttribute('aria-valuetext'), focalText(50, 50))
    const box = (await preview.boundingBox())!
    await preview.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } })
    t.is(await slider.getAttribute('aria-valuetext'), focalText(25, 75))
    // The keyboard moves it as well: right by one, then back.
    await slider.focus()
    await page.keyboard.press('ArrowRight')
    t.is(await slider.getAttribute('aria-valuetext'), focalText(26, 75))
    t.is(await page.getByLabel('Focal Point X (%)').inputValue(), '26')
    await page.keyboard.press('ArrowLeft')
    t.is(await slider.getAttribute('aria-valuetext'), focalText(25, 75))
    t.deepEqual(await p.axe(), [])
    await p.screenshot('edit-media-create')

    const [created] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/media',
      ),
      page.getByRole('button', { name: 'Save', exact: true }).click(),
    ])
    t.is(created.status(), 201)
    t.regex(created.request().headers()['content-type'] ?? '', /^multipart\/form-data; boundary=/)
    await page.waitForURL(/\/admin\/collections\/media\/\d+$/)
    await page
      .getByRole('status')
      .filter({ hasText: 'Created, with the file photo.png uploaded.' })
      .waitFor()
    const id = Number(page.url().split('/').pop())

    const doc = (await s.cms.findByID({ collection: 'media', id })) as Doc
    t.is(doc.alt, 'An orange sun on blue')
    t.is(doc.filename, 'photo.png')
    t.is(doc.mimeType, 'image/png')
    t.is(doc.width, 400)
    t.is(doc.height, 300)
    t.like(doc.sizes.thumbnail, { width: 300, height: 300, mimeType: 'image/png' })
    t.truthy(doc.sizes.thumbnail.filename)
    t.true(Math.abs(doc.focalX - 25) <= 2, `focalX ${doc.focalX}`)
    t.true(Math.abs(doc.focalY - 75) <= 2, `focalY ${doc.focalY}`)

    // The stored file shows, with the saved focal point on it.
    await panel.getByRole('link', { name: 'photo.png' }).waitFor()
    await panel.getByText('400 × 300 px').waitFor()
    await panel.getByRole('button', { name: 'Replace file' }).waitFor()
    await page.getByRole('slider', { name: /Focal Point/ }).waitFor()
    t.is(
      await page.getByRole('slider', { name: /Focal Point/ }).getAttribute('aria-valuetext'),
      focalText(doc.focalX, doc.focalY),
    )
    await p.done(t)
  },
)

test.serial(
  'a file of a type the collection does not accept is refused in the panel',
  async (t) => {
    const p = await s.open()
    await p.login('admin')
    const page = p.page
    await p.visit('/collections/media/create')
    await page.getByRole('heading', { name: 'Create new Media' }).waitFor()
    // Chosen with the file input ("Select a file")…
    await page.getByLabel('Select a file', { exact: true }).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Not an image.\n'),
    })
    const alert = page.getByRole('alert')
    await alert.waitFor()
    t.regex(
      (await alert.textContent()) ?? '',
      /“notes\.txt” \(text\/plain\) is not accepted\. Accepted types: image\/\*, application\/pdf\./,
    )
    t.is(await page.getByRole('img', { name: /^Preview of/ }).count(), 0)
    await page.getByText('No file', { exact: true }).waitFor()
    // …and dropped.
    await dropFile(p, Buffer.from('Still text.\n'), 'dropped.txt', 'text/plain')
    await page.getByRole('alert').filter({ hasText: '“dropped.txt”' }).waitFor()
    t.is(await page.getByRole('img', { name: /^Preview of/ }).count(), 0)
    t.deepEqual(await p.axe(), [])
    await p.done(t)
  },
)

test.serial(
  'an existing image shows its stored file, and "Replace file" replaces it with the progress shown',
  async (t) => {
    const created = await storedImage('sunrise.png', 640, 480, {
      alt: 'A sunrise',
      focalX: 40,
      focalY: 60,
    })
    for (const width of [1280, 390]) {
      const p = await s.open(width)
      await p.login('admin')
      await p.visit(`/collections/media/${created.id}`)
      const panel = p.page.getByRole('region', { name: 'File' })
      await panel.getByRole('link', { name: 'sunrise.png' }).waitFor()
      await loaded(p, 'Preview of sunrise.png')
      t.is(
        await p.page.getByRole('slider', { name: /Focal Point/ }).getAttribute('aria-valuetext'),
        focalText(40, 60),
      )
      await p.page.locator('#field-alt').waitFor()
      t.deepEqual(await p.axe(), [])
      await p.screenshot('edit-media')
      await p.done(t)
    }

    const p = await s.open()
    await p.login('admin')
    const page = p.page
    await p.visit(`/collections/media/${created.id}`)
    const panel = page.getByRole('region', { name: 'File' })
    await panel.getByRole('link', { name: 'sunrise.png' }).waitFor()
    t.is(await panel.getByRole('link', { name: 'sunrise.png' }).getAttribute('href'), created.url)
    await panel.getByText('image/png').waitFor()
    await panel.getByText('640 × 480 px').waitFor()
    await page.getByLabel('Replace file', { exact: true }).setInputFiles({
      name: 'replaced.png',
      mimeType: 'image/png',
      buffer: await png(300, 200),
    })
    await page.getByRole('img', { name: 'Preview of replaced.png' }).waitFor()
    const [answer] = await Promise.all([
      page.waitForResponse(
        (r) =>
          r.request().method() === 'PATCH' &&
          new URL(r.url()).pathname === `/api/media/${created.id}`,
      ),
      page.getByRole('button', { name: 'Save', exact: true }).click(),
    ])
    t.is(answer.status(), 200)
    await panel.getByRole('status').filter({ hasText: 'Upload complete: 100%' }).waitFor()
    t.is(await panel.locator('progress').getAttribute('value'), '100')
    await page
      .getByRole('status')
      .filter({ hasText: /updated|saved/i })
      .first()
      .waitFor()
    await panel.getByRole('link', { name: 'replaced.png' }).waitFor()
    await panel.getByText('300 × 200 px').waitFor()

    const rest = await s.request('GET', `/api/media/${created.id}`)
    t.is(rest.status, 200)
    t.is(rest.body.filename, 'replaced.png')
    t.not(rest.body.filename, created.filename)
    t.is(rest.body.width, 300)
    t.is(rest.body.height, 200)
    t.is(rest.body.alt, 'A sunrise')
    await page.waitForLoadState('networkidle')
    await p.done(t)
  },
)

test.serial(
  'a save with a file whose session has ended elsewhere goes back to the login page, as any other call',
  async (t) => {
    const created = await storedImage('kept.png', 200, 150, { alt: 'Kept' })
    const p = await s.open()
    await p.login('admin')
    const page = p.page
    await p.visit(`/collections/media/${created.id}`)
    await page.getByRole('link', { name: 'kept.png' }).waitFor()
    await dropFile(p, await png(120, 90), 'late.png', 'image/png')
    await page.getByRole('img', { name: 'Preview of late.png' }).waitFor()
    // The admin logs out of every session from another client: the page's cookie is dead from then on.
    const out = await s.request('POST', '/api/users/logout', {
      query: { allSessions: 'true' },
      headers: await bearer('admin'),
    })
    t.is(out.status, 200)
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PATCH'),
      page.getByRole('button', { name: 'Save', exact: true }).click(),
    ])
    t.is(answer.status(), 401)
    await page.getByRole('heading', { name: 'Login' }).waitFor()
    t.is(await page.getByRole('status').textContent(), 'Your session has expired. Log in again.')
    t.is(
      ((await s.cms.findByID({ collection: 'media', id: created.id })) as Doc).filename,
      'kept.png',
    )
    await p.done(t)
  },
)
