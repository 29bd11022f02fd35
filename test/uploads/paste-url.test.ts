/**
 * Issue 34: `upload.pasteURL`. A create whose data carries `url` (and no file) gets the file fetched by the server,
 * only from the allow-list, with an SSRF-safe fetch: addresses checked after DNS resolution, redirects kept to the
 * same origin, the size limit while reading; then staged as any upload (type by content, sizes). Every refusal
 * is a 4xx naming the reason, with nothing stored. A file server on 127.0.0.1 stands in for the remote host.
 */
import test from 'ava'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { defineConfig } from '../../server/config/define-config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { Config } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'

const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#c30' } })
  .png()
  .toBuffer()
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)])
const requests: string[] = []
const remote = createServer((req, res) => {
  requests.push(req.url ?? '')
  const send = (status: number, body: Buffer | string, headers: Record<string, string> = {}) =>
    res.writeHead(status, headers).end(body)
  const to = (location: string) => send(302, '', { location })
  switch (req.url) {
    case '/img/photo.png':
      return send(200, png, { 'content-type': 'image/png' })
    case '/img/tool.png':
      return send(200, elf, { 'content-type': 'image/png' }) // an executable named as an image
    case '/img/declared-big.bin':
      return send(200, Buffer.alloc(5000), { 'content-length': '5000' })
    case '/img/streamed-big.bin':
      res.writeHead(200) // chunked: no length declared, cut while reading
      res.write(Buffer.alloc(3000))
      return res.end(Buffer.alloc(3000))
    case '/img/moved.png':
      return to('/img/photo.png')
    case '/img/away.png':
      return to(`http://localhost:${port()}/img/photo.png`)
    case '/other/photo.png':
      return send(200, png)
    default:
      return send(404, 'not here')
  }
})
await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve))
const port = () => (remote.address() as AddressInfo).port
const at = (p: string, host = '127.0.0.1') => `http://${host}:${port()}${p}`

const mediaDir = await mkdtemp(path.join(tmpdir(), 'cms-paste-media-'))
const dirs = {
  media: mediaDir,
  byname: await mkdtemp(path.join(tmpdir(), 'cms-paste-byname-')),
  trusted: await mkdtemp(path.join(tmpdir(), 'cms-paste-trusted-')),
  closed: await mkdtemp(path.join(tmpdir(), 'cms-paste-closed-')),
}
const s = useServer(
  test,
  defineConfig({
    secret: 'Tq8-uploads-test-secret-of-32+-bytes',
    collections: [
      {
        slug: 'media',
        access: {
          read: () => true,
          create: ({ req }) => req.user?.email !== 'guest@example.com',
        },
        upload: {
          staticDir: dirs.media,
          limits: { fileSize: 4000 },
          imageSizes: [{ name: 'thumbnail', width: 20, height: 20 }],
          // The allow-list names the loopback address itself: the only way to fetch from it without skipSafeFetch.
          pasteURL: {
            allowList: [
              { protocol: 'http', hostname: '127.0.0.1', port: String(port()), pathname: '/img/*' },
            ],
          },
        },
        fields: [{ name: 'alt', type: 'text' }],
      },
      {
        slug: 'byname',
        access: { create: () => true },
        upload: { staticDir: dirs.byname, pasteURL: { allowList: [{ hostname: 'localhost' }] } },
        fields: [],
      },
      {
        slug: 'trusted',
        upload: {
          staticDir: dirs.trusted,
          pasteURL: { allowList: [{ hostname: 'localhost' }] },
          skipSafeFetch: [{ hostname: 'localhost', pathname: '/img/**' }],
        },
        fields: [],
      },
      { slug: 'users', auth: true, fields: [] },
      {
        slug: 'closed',
        access: { create: () => true },
        upload: { staticDir: dirs.closed },
        fields: [],
      },
    ],
  }),
  async (cms) => {
    for (const name of ['editor', 'guest'])
      await cms.create({
        collection: 'users',
        data: { email: `${name}@example.com`, password: `${name}-password` },
      })
  },
)
test.after.always(() => new Promise<void>((resolve) => remote.close(() => resolve())))

type Refusal = { errors: { message: string; data?: unknown }[] }
const refusal = async (
  t: import('ava').ExecutionContext,
  collection: 'media' | 'byname' | 'closed' | 'trusted',
  url: string,
  status: number,
  message: RegExp,
) => {
  const before = await s.cms.count({ collection })
  const res = await s.request('POST', `/api/${collection}`, { body: { url } })
  t.is(res.status, status, url)
  t.regex((res.body as Refusal).errors[0].message, message)
  t.is((await s.cms.count({ collection })).totalDocs, before.totalDocs, 'no document written')
}
const stored = async (dir: string) => (await readdir(dir)).filter((n) => !n.startsWith('.'))

test.serial(
  'a create with the url of an allowed host stores the fetched file, sizes and all',
  async (t) => {
    const res = await s.request('POST', '/api/media', {
      body: { url: at('/img/photo.png'), alt: 'pasted' },
    })
    t.is(res.status, 201)
    const doc = (
      res.body as { doc: Record<string, unknown> & { sizes: Record<string, { filename: string }> } }
    ).doc
    t.like(doc, {
      alt: 'pasted',
      filename: 'photo.png',
      mimeType: 'image/png',
      width: 80,
      height: 60,
    })
    t.is(doc.sizes.thumbnail.filename, 'photo-20x20.png')
    const file = await s.fetch(`${s.url}/api/media/file/photo.png`)
    t.is(file.status, 200)
    t.is(file.headers.get('content-type'), 'image/png')

    // The Local API, with the name given (Payload's `{ filename, url }`), through a same-origin redirect.
    const local = await s.cms.create({
      collection: 'media',
      data: { url: at('/img/moved.png'), filename: 'renamed.png' },
    })
    t.like(local, { filename: 'renamed.png', width: 80 })
  },
)

test.serial(
  'a host, port or path off the allow-list is a 400 and nothing is fetched',
  async (t) => {
    const seen = requests.length
    await refusal(
      t,
      'media',
      at('/other/photo.png'),
      400,
      /is not allowed: no entry of Collection "media"'s upload\.pasteURL\.allowList/,
    )
    await refusal(t, 'media', at('/img/photo.png', 'localhost'), 400, /not allowed/)
    await refusal(t, 'media', 'http://127.0.0.1:1/img/photo.png', 400, /not allowed/)
    await refusal(t, 'media', 'file:///etc/passwd', 400, /http or https URL/)
    t.is(requests.length, seen, 'the remote server was never asked')
  },
)

test.serial(
  'an allowed name resolving to a private address is refused after DNS resolution',
  async (t) => {
    const seen = requests.length
    await refusal(
      t,
      'byname',
      at('/img/photo.png', 'localhost'),
      400,
      /resolves to (127\.0\.0\.1|::1), a private or reserved address/,
    )
    t.is(requests.length, seen)
    // skipSafeFetch covers the URL: fetched.
    const doc = await s.cms.create({
      collection: 'trusted',
      data: { url: at('/img/photo.png', 'localhost') },
    })
    t.like(doc, { filename: 'photo.png', width: 80 })
  },
)

test.serial(
  'a redirect to another host, a failing answer and a file over the limit are refused',
  async (t) => {
    await refusal(
      t,
      'media',
      at('/img/away.png'),
      400,
      /redirects to another host \(localhost:\d+\), which is not followed/,
    )
    await refusal(
      t,
      'media',
      at('/img/gone.png'),
      400,
      /could not be fetched: its server answered 404/,
    )
    await refusal(t, 'media', at('/img/declared-big.bin'), 413, /limit is 4000 bytes/)
    await refusal(t, 'media', at('/img/streamed-big.bin'), 413, /limit is 4000 bytes/)
    // Staged as any upload: the type comes from the content, whatever the remote server says.
    await refusal(t, 'media', at('/img/tool.png'), 400, /The following field is invalid: file/)
  },
)

test.serial(
  'a url whose file name is not valid percent-encoded UTF-8 is a 400 naming url',
  async (t) => {
    await refusal(
      t,
      'media',
      at('/img/a%E0%A4%A'),
      400,
      /url must name its file in percent-encoded UTF-8/,
    )
    const res = await s.request('POST', '/api/media', { body: { url: at('/img/%FF.png') } })
    t.is(res.status, 400)
    t.deepEqual((res.body as { errors: { data: unknown }[] }).errors[0].data, [{ path: 'url' }])
  },
)

test.serial('without pasteURL a url is refused, naming the option', async (t) => {
  await refusal(
    t,
    'closed',
    at('/img/photo.png'),
    400,
    /does not fetch files from URLs \(its upload\.pasteURL is not set\)/,
  )
  t.deepEqual(await stored(dirs.closed), [])
})

test.serial('refusals leave no file behind, stored or temporary', async (t) => {
  t.deepEqual((await stored(dirs.media)).sort(), [
    'photo-20x20.png',
    'photo.png',
    'renamed-20x20.png',
    'renamed.png',
  ])
  t.deepEqual(await stored(dirs.byname), [])
  const temporary = (await readdir(tmpdir())).filter((n) => /^cms-paste-[A-Za-z0-9]{6}$/.test(n))
  t.deepEqual(temporary, [])
  t.true(existsSync(mediaDir))
})

const bearer = async (name: string) => {
  const body = { email: `${name}@example.com`, password: `${name}-password` }
  const res = await s.request('POST', '/api/users/login', { body })
  return { authorization: `Bearer ${(res.body as { token: string }).token}` }
}
const paste = (path: string, src: string, headers: Record<string, string> = {}) =>
  s.fetch(`${s.url}/api/${path}?src=${encodeURIComponent(src)}`, { headers })

test.serial(
  'GET paste-url answers the fetched file as an attachment, for a user with access',
  async (t) => {
    const editor = await bearer('editor')
    const res = await paste('media/paste-url', at('/img/photo.png'), editor)
    t.is(res.status, 200)
    t.is(res.headers.get('content-type'), 'image/png')
    t.is(
      res.headers.get('content-disposition'),
      `attachment; filename="photo.png"; filename*=UTF-8''photo.png`,
    )
    t.true(Buffer.from(await res.arrayBuffer()).equals(png))
    // For an existing document (update access), and through a same-origin redirect.
    const doc = await s.cms.create({ collection: 'media', data: { url: at('/img/photo.png') } })
    const forDoc = await paste(`media/paste-url/${doc.id}`, at('/img/moved.png'), editor)
    t.is(forDoc.status, 200)
    t.is(Number(forDoc.headers.get('content-length')), png.length)
    await forDoc.arrayBuffer()
  },
)

test.serial(
  'GET paste-url refuses anonymous callers, callers without access, closed collections and URLs off the list',
  async (t) => {
    const seen = requests.length
    t.is((await paste('media/paste-url', at('/img/photo.png'))).status, 403)
    t.is((await paste('media/paste-url', at('/img/photo.png'), await bearer('guest'))).status, 403)
    const editor = await bearer('editor')
    // A collection without pasteURL has no paste-url route (nor an operation in the contract): the path reads
    // as a document id, which ids of this collection cannot be.
    const closed = await paste('closed/paste-url', at('/img/photo.png'), editor)
    t.is(closed.status, 400)
    t.regex(await closed.text(), /id/)
    const off = await paste('media/paste-url', at('/other/photo.png'), editor)
    t.is(off.status, 400)
    t.regex(await off.text(), /is not allowed/)
    const local = await paste('byname/paste-url', at('/img/photo.png', 'localhost'), editor)
    t.is(local.status, 400)
    t.regex(await local.text(), /private or reserved address/)
    t.is(requests.length, seen, 'the remote server was never asked')
    const big = await paste('media/paste-url', at('/img/declared-big.bin'), editor)
    t.is(big.status, 413)
  },
)

test('a bad pasteURL is a start-up error naming the path', (t) => {
  const bad = (upload: Record<string, unknown>, message: RegExp) =>
    t.throws(
      () =>
        sanitizeConfig({
          secret: 'Tq8-uploads-test-secret-of-32+-bytes',
          collections: [{ slug: 'media', upload, fields: [] }],
        } as Config),
      { message },
    )
  bad({ pasteURL: true }, /Collection "media": upload\.pasteURL must be false or \{ allowList/)
  bad(
    { pasteURL: { allowList: [{ pathname: '/a' }] } },
    /upload\.pasteURL\.allowList\[0\] needs a hostname/,
  )
  bad(
    { pasteURL: { allowList: [{ hostname: 'a.com', protocol: 'ftp' }] } },
    /allowList\[0\]\.protocol must be "http" or "https"/,
  )
  bad({ skipSafeFetch: 'yes' }, /upload\.skipSafeFetch must be a list/)
})
