/**
 * Issue 34: Payload's wire format for files: a multipart create and update (the file as `file`, the document
 * as `_payload` or form fields), answered with the document; limits refused while reading.
 */
import test from 'ava'
import { existsSync } from 'node:fs'
import { connect } from 'node:net'
import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { defineConfig } from '../../server/config/define-config.ts'
import { spoolDir } from '../../server/http/multipart.ts'
import { useServer } from '../helpers/http.ts'

const staticDir = await mkdtemp(path.join(tmpdir(), 'cms-media-'))
const s = useServer(
  test,
  defineConfig({
    secret: 'Tq8-uploads-test-secret-of-32+-bytes',
    collections: [
      {
        slug: 'media',
        access: { read: () => true, create: () => true, update: () => true },
        upload: { staticDir, mimeTypes: ['image/*'], limits: { fileSize: 100_000 } },
        fields: [
          { name: 'alt', type: 'text', required: true },
          { name: 'credit', type: 'text' },
        ],
      },
      {
        slug: 'private',
        access: { create: ({ req }) => Boolean(req.user) },
        upload: { staticDir: path.join(staticDir, 'private') },
        fields: [],
      },
    ],
  }),
)
const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#3a3' } })
    .png()
    .toBuffer()
const form = (file: Buffer | undefined, name: string, fields: Record<string, string>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  if (file) f.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), name)
  return f
}

test('POST multipart with _payload creates the document and stores the file', async (t) => {
  const data = await png(16)
  const res = await s.fetch(`${s.url}/api/media`, {
    method: 'POST',
    body: form(data, 'green.png', { _payload: JSON.stringify({ alt: 'Green', credit: 'me' }) }),
  })
  t.is(res.status, 201)
  const { doc, message } = (await res.json()) as { doc: Record<string, unknown>; message: string }
  t.is(message, 'Media successfully created.')
  t.like(doc, { alt: 'Green', credit: 'me', filename: 'green.png', mimeType: 'image/png' })
  t.like(doc, { filesize: data.length, width: 16, height: 16 })
  t.true(existsSync(path.join(staticDir, 'green.png')))
})

test('a multipart create is checked against its _payload schema: numbers pass, a wrong type is a 400', async (t) => {
  const res = await s.fetch(`${s.url}/api/media`, {
    method: 'POST',
    body: form(await png(20), 'focused.png', {
      _payload: JSON.stringify({ alt: 'Focused', focalX: 20, focalY: 80 }),
    }),
  })
  t.is(res.status, 201)
  const { doc } = (await res.json()) as { doc: Record<string, unknown> }
  t.like(doc, { alt: 'Focused', focalX: 20, focalY: 80 })
  // The document's url carries its cache tag (`?<updatedAt>`): the file route serves it.
  t.regex(String(doc.url), /^\/api\/media\/file\/focused\.png\?.+/)
  const file = await s.fetch(`${s.url}${String(doc.url)}`)
  t.is(file.status, 200)
  t.is(file.headers.get('content-type'), 'image/png')

  const wrong = await s.fetch(`${s.url}/api/media`, {
    method: 'POST',
    body: form(await png(20), 'wrong.png', {
      _payload: JSON.stringify({ alt: 'Wrong', focalX: 'left' }),
    }),
  })
  t.is(wrong.status, 400)
  const body = (await wrong.json()) as { errors: { data?: { errors: { path: string }[] } }[] }
  t.is(body.errors[0]!.data!.errors[0]!.path, 'focalX')
})

test('plain form fields are the document too', async (t) => {
  const res = await s.fetch(`${s.url}/api/media`, {
    method: 'POST',
    body: form(await png(4), 'fields.png', { alt: 'From fields' }),
  })
  t.is(res.status, 201)
  t.like(((await res.json()) as { doc: object }).doc, {
    alt: 'From fields',
    filename: 'fields.png',
  })
})

test('PATCH multipart replaces the file', async (t) => {
  const created = await s.cms.create({
    collection: 'media',
    data: { alt: 'old' },
    file: { data: await png(5), name: 'before.png' },
  })
  const res = await s.fetch(`${s.url}/api/media/${created.id}`, {
    method: 'PATCH',
    body: form(await png(7), 'after.png', { _payload: JSON.stringify({ alt: 'new' }) }),
  })
  t.is(res.status, 200)
  t.like(((await res.json()) as { doc: object }).doc, {
    alt: 'new',
    filename: 'after.png',
    width: 7,
  })
  t.false(existsSync(path.join(staticDir, 'before.png')))
})

test.serial(
  'the refusals: no file, a file over the limit, a disguised type, a bad _payload',
  async (t) => {
    const noFile = await s.fetch(`${s.url}/api/media`, {
      method: 'POST',
      body: form(undefined, '', { _payload: JSON.stringify({ alt: 'x' }) }),
    })
    t.is(noFile.status, 400)
    t.is(
      ((await noFile.json()) as { errors: { message: string }[] }).errors[0].message,
      'No files were uploaded.',
    )
    const big = Buffer.alloc(150_000, 7)
    const tooLarge = await s.fetch(`${s.url}/api/media`, {
      method: 'POST',
      body: form(big, 'big.png', { _payload: '{"alt":"big"}' }),
    })
    t.is(tooLarge.status, 413)
    const disguised = await s.fetch(`${s.url}/api/media`, {
      method: 'POST',
      body: form(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'innocent.png', {
        _payload: '{"alt":"sh"}',
      }),
    })
    t.is(disguised.status, 400)
    const badJson = await s.fetch(`${s.url}/api/media`, {
      method: 'POST',
      body: form(await png(3), 'bad.png', { _payload: '{"alt":' }),
    })
    t.is(badJson.status, 400)
    const files = await readdir(staticDir)
    for (const prefix of ['big', 'innocent', 'bad'])
      t.false(
        files.some((f) => f.startsWith(prefix)),
        prefix,
      )
    t.deepEqual(await readdir(spoolDir()), [], 'no spooled file is left')
  },
)

test.serial(
  'a 2 GB declared length is a 413 before the body is read, and nothing is stored',
  async (t) => {
    const before = await readdir(staticDir)
    const url = new URL(s.directUrl('/api/media', 'a declared length Prism would wait for'))
    // A real socket: the header promises 2 GB, a few bytes follow, the server must answer without waiting.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n` +
            'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 2147483648\r\n\r\n--x\r\n',
        )
      })
      let text = ''
      socket.setTimeout(10_000, () => reject(new Error('no answer within 10 s')))
      socket.on('data', (chunk) => {
        text += String(chunk)
        if (text.includes('\r\n\r\n')) {
          socket.destroy()
          resolve(text)
        }
      })
      socket.on('error', reject)
    })
    t.regex(answer, /^HTTP\/1\.1 413 /)
    t.deepEqual(await readdir(staticDir), before)
  },
)

test('a JSON create of an upload collection that needs a file is a 400 saying so', async (t) => {
  const r = await s.request<{ errors: { message: string }[] }>('POST', '/api/media', {
    body: { alt: 'no file' },
    invalid: 'the contract takes multipart only where a file is required',
  })
  t.is(r.status, 400)
  t.is(r.body.errors[0].message, 'No files were uploaded.')
})

test('a caller the create refuses hears 401 before anything about a malformed _payload', async (t) => {
  const res = await s.fetch(`${s.url}/api/private`, {
    method: 'POST',
    body: form(await png(3), 'secret.png', { _payload: '{"alt":' }),
  })
  t.is(res.status, 401)
  t.false(existsSync(path.join(staticDir, 'private', 'secret.png')))
})

test('a UTF-8 filename is kept as sent; an extension that does not fit the content is replaced', async (t) => {
  const data = await png(12)
  const accented = await s.fetch(`${s.url}/api/media`, {
    method: 'POST',
    body: form(data, 'café 東京.png', { _payload: JSON.stringify({ alt: 'Cafe' }) }),
  })
  t.is(accented.status, 201)
  const doc = ((await accented.json()) as { doc: Record<string, unknown> }).doc
  t.is(doc.filename, 'café 東京.png')
  t.true(existsSync(path.join(staticDir, 'café 東京.png')))
  // A PNG sent as `innocent.html` is stored as `innocent.png`: the name says what the content is.
  const disguised = await s.fetch(`${s.url}/api/media`, {
    method: 'POST',
    body: form(data, 'innocent.html', { _payload: JSON.stringify({ alt: 'Disguised' }) }),
  })
  t.is(disguised.status, 201)
  const stored = ((await disguised.json()) as { doc: Record<string, unknown> }).doc
  t.like(stored, { filename: 'innocent.png', mimeType: 'image/png' })
  t.false(existsSync(path.join(staticDir, 'innocent.html')))
})
