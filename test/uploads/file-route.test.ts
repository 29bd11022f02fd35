/**
 * Issue 34: `GET /api/<slug>/file/<filename>` serves a stored file after its document's read access, with the
 * headers of a static file server (ETag/304, Range/206, Content-Length, Cache-Control, attachment or sandbox).
 */
import test from 'ava'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { defineConfig } from '../../server/config/define-config.ts'
import { useServer } from '../helpers/http.ts'

const s = useServer(
  test,
  defineConfig({
    secret: 'Tq8-uploads-test-secret-of-32+-bytes',
    collections: [
      {
        slug: 'media',
        access: { read: () => true },
        upload: {
          staticDir: await mkdtemp(path.join(tmpdir(), 'cms-media-')),
          modifyResponseHeaders: ({ headers }) => {
            headers.set('X-Served-By', 'cms')
          },
        },
        fields: [],
      },
      {
        slug: 'private',
        access: { read: ({ req }) => (req.user ? { owner: { equals: req.user.id } } : false) },
        upload: { staticDir: await mkdtemp(path.join(tmpdir(), 'cms-private-')) },
        fields: [{ name: 'owner', type: 'number' }],
      },
      { slug: 'users', auth: true, access: { read: () => true }, fields: [] },
    ],
  }),
  async (cms) => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#fc0' } })
      .png()
      .toBuffer()
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    await cms.create({ collection: 'media', data: {}, file: { data: png, name: 'sun.png' } })
    await cms.create({ collection: 'media', data: {}, file: { data: svg, name: 'logo.svg' } })
    await cms.create({
      collection: 'media',
      data: {},
      file: { data: Buffer.from('a,b\n1,2\n'), name: 'data.csv' },
    })
    await cms.create({
      collection: 'private',
      data: { owner: 999 },
      file: { data: png, name: 'secret.png' },
    })
    return { png }
  },
)

test('the whole file: type, length, ETag, caching, and the collection’s own headers', async (t) => {
  const res = await s.fetch(`${s.url}/api/media/file/sun.png`)
  t.is(res.status, 200)
  t.is(res.headers.get('content-type'), 'image/png')
  t.is(res.headers.get('content-length'), String(s.data.png.length))
  t.is(res.headers.get('accept-ranges'), 'bytes')
  t.is(res.headers.get('cache-control'), 'public, max-age=0, must-revalidate')
  t.is(res.headers.get('x-served-by'), 'cms')
  t.is(res.headers.get('content-disposition'), null)
  t.true(Buffer.from(await res.arrayBuffer()).equals(s.data.png))
  const etag = res.headers.get('etag') ?? ''
  t.regex(etag, /^"[^"]+"$/)
  const again = await s.fetch(`${s.url}/api/media/file/sun.png`, {
    headers: { 'If-None-Match': etag },
  })
  t.is(again.status, 304)
  t.is((await again.arrayBuffer()).byteLength, 0)
})

test('a range: 206 with Content-Range and only those bytes', async (t) => {
  const res = await s.fetch(`${s.url}/api/media/file/sun.png`, { headers: { Range: 'bytes=8-15' } })
  t.is(res.status, 206)
  t.is(res.headers.get('content-range'), `bytes 8-15/${s.data.png.length}`)
  t.is(res.headers.get('content-length'), '8')
  t.true(Buffer.from(await res.arrayBuffer()).equals(s.data.png.subarray(8, 16)))
  const past = await s.fetch(`${s.url}/api/media/file/sun.png`, {
    headers: { Range: `bytes=${s.data.png.length + 10}-` },
  })
  t.is(past.status, 200, 'an unsatisfiable range is ignored: the whole file')
  t.is((await past.arrayBuffer()).byteLength, s.data.png.length)
})

test('SVG is sandboxed; a type browsers must not render inline is an attachment', async (t) => {
  const svg = await s.fetch(`${s.url}/api/media/file/logo.svg`)
  t.is(svg.status, 200)
  t.is(svg.headers.get('content-type'), 'image/svg+xml')
  t.is(svg.headers.get('content-security-policy'), 'sandbox')
  t.regex(svg.headers.get('content-disposition') ?? '', /^attachment; filename="logo.svg"/)
  const csv = await s.fetch(`${s.url}/api/media/file/data.csv`)
  t.is(csv.headers.get('content-type'), 'text/csv')
  t.regex(csv.headers.get('content-disposition') ?? '', /^attachment; filename="data.csv"/)
  t.is(await csv.text(), 'a,b\n1,2\n')
})

test('read access decides: anonymous 401, another user 404, unknown files 404', async (t) => {
  t.is((await s.fetch(`${s.url}/api/private/file/secret.png`)).status, 401)
  await s.cms.create({
    collection: 'users',
    data: { email: 'u@x.io', password: 'a-long-password-1' },
  })
  const login = await s.request('POST', '/api/users/login', {
    body: { email: 'u@x.io', password: 'a-long-password-1' },
  })
  const other = await s.fetch(`${s.url}/api/private/file/secret.png`, {
    headers: { Authorization: `JWT ${login.body.token}` },
  })
  t.is(other.status, 404)
  t.is((await s.fetch(`${s.url}/api/media/file/missing.png`)).status, 404)
  t.is((await s.fetch(`${s.url}/api/media/file/..%2F..%2Fetc%2Fpasswd`)).status, 404)
})
