/**
 * Issue 55, blocker 2: the helpers Payload's official plugins import from `payload`, `payload/shared` and
 * `payload/internal` (server/local/payload-helpers), with Payload 3.90's semantics, through the alias package as
 * a project imports them. The ones that read or write the database are tested in test/local/payload-helpers.
 */
import test from 'ava'
import {
  APIError,
  Forbidden,
  headersWithCors,
  mergeHeaders,
  slugField,
  UnauthorizedError,
  MissingFile,
  deepMerge,
  buildConfig,
  getPayload,
} from 'payload'
import {
  combineWhereConstraints,
  deepMergeSimple,
  deepMergeWithSourceArrays,
  formatAdminURL,
  generateCookie,
  generatePayloadCookie,
  getSanitizedUploadFilename,
  hasAutosaveEnabled,
  isNumber,
  parseCookies,
  sanitizeFilename,
  sanitizeUrl,
  validateMimeType,
} from 'payload/shared'
import {
  assertClientUploadAllowed,
  assertClientUploadFileSize,
  getRangeRequestInfo,
  isXmlMimeType,
  UPLOAD_CONTENT_SECURITY_POLICY,
} from 'payload/internal'

test('Where constraints combine under one and/or, empty ones skipped', (t) => {
  const a = { title: { equals: 'a' } }
  const b = { status: { equals: 'b' } }
  t.deepEqual(combineWhereConstraints([a, { and: [b] }, undefined, {}]), { and: [a, b] })
  t.deepEqual(combineWhereConstraints([a, b], 'or'), { or: [a, b] })
  t.deepEqual(combineWhereConstraints([]), {})
  t.deepEqual(combineWhereConstraints([{}, undefined]), {})
})

test('the deep merges: simple (arrays replaced), with source arrays, full (arrays joined, inputs untouched)', (t) => {
  const base = { a: { b: 1, list: [1] }, keep: true }
  const over = { a: { list: [2] }, added: 'x' }
  t.deepEqual(deepMergeSimple(base, over), { a: { b: 1, list: [2] }, keep: true, added: 'x' })
  t.deepEqual(deepMergeWithSourceArrays(base, over), {
    a: { b: 1, list: [2] },
    keep: true,
    added: 'x',
  })
  const merged = deepMerge<typeof base>(base, over)
  t.deepEqual(merged.a.list, [1, 2])
  t.deepEqual(base.a.list, [1])
  // A plugin's translations merged over the config's: the config's own keys stay.
  t.deepEqual(deepMergeSimple({ en: { mine: 'x' } }, { en: { plugin: 'y' } }), {
    en: { mine: 'x', plugin: 'y' },
  })
})

test('MIME types, URLs, numbers and filenames are judged as Payload judges them', (t) => {
  t.true(validateMimeType('image/png', ['image/*']))
  t.false(validateMimeType('application/pdf', ['image/*', 'text/plain']))
  t.true(validateMimeType('application/pdf', []))
  t.is(sanitizeUrl('javascript:alert(1)'), '#')
  t.is(sanitizeUrl('data:text/html,x'), '#')
  t.is(sanitizeUrl(' https://exa\u0001mple.com/a '), 'https://example.com/a')
  t.is(sanitizeUrl('/relative?x=1'), '/relative?x=1')
  t.is(sanitizeUrl('mailto:a@b.c'), 'mailto:a@b.c')
  t.is(sanitizeUrl(''), '')
  t.true(isNumber('12.5'))
  t.true(isNumber(0))
  t.false(isNumber(' '))
  t.false(isNumber(null))
  t.false(isNumber('x'))
  t.is(sanitizeFilename('C:\\uploads\\..\\photo.png'), 'photo.png')
  t.is(sanitizeFilename('a/b\u0007c.txt'), 'bc.txt')
  const refused = t.throws(() => sanitizeFilename('../..'), { instanceOf: APIError })
  t.is(refused.status, 400)
  t.is(getSanitizedUploadFilename('dir/my:photo.JPG'), 'myphoto.JPG')
  t.is(getSanitizedUploadFilename('x.png', 'webp'), 'x.webp')
  t.true(hasAutosaveEnabled({ versions: { drafts: { autosave: true } } }))
  t.false(hasAutosaveEnabled({ versions: { drafts: true } }))
  t.false(hasAutosaveEnabled(undefined))
})

test('cookies are written and read as Payload writes them', (t) => {
  t.is(
    generateCookie({ name: 'tenant', value: '7', path: '/', sameSite: 'None' }),
    'tenant=7; Path=/; Secure=true; SameSite=None',
  )
  t.deepEqual(
    generateCookie({ name: 'a', value: 'b', httpOnly: true, returnCookieAsObject: true }),
    {
      name: 'a',
      value: 'b',
      httpOnly: true,
    },
  )
  const session = generatePayloadCookie({
    collectionAuthConfig: { cookies: { sameSite: true }, tokenExpiration: 60 },
    cookiePrefix: 'payload',
    token: 'abc',
  })
  t.regex(
    session,
    /^payload-token=abc; Expires=[^;]+ GMT; Path=\/; HttpOnly=true; SameSite=Strict$/,
  )
  const expires = Date.parse(/Expires=([^;]+)/.exec(session)![1])
  t.true(Math.abs(expires - (Date.now() + 60_000)) < 5_000)
  const cookies = parseCookies(new Headers({ cookie: 'a=1; b=%20x; flag; bad=%E0%A4%A' }))
  t.deepEqual(
    [...cookies],
    [
      ['a', '1'],
      ['b', ' x'],
      ['flag', 'true'],
    ],
  )
})

test('ranges, client uploads and the file CSP of payload/internal', (t) => {
  t.deepEqual(getRangeRequestInfo({ fileSize: 100, rangeHeader: 'bytes=10-19' }), {
    type: 'partial',
    headers: {
      'Accept-Ranges': 'bytes',
      'Content-Length': '10',
      'Content-Range': 'bytes 10-19/100',
    },
    rangeStart: 10,
    rangeEnd: 19,
    status: 206,
  })
  t.is(getRangeRequestInfo({ fileSize: 100, rangeHeader: 'bytes=-10' }).rangeStart, 90)
  t.is(getRangeRequestInfo({ fileSize: 100, rangeHeader: 'bytes=90-500' }).rangeEnd, 99)
  t.deepEqual(getRangeRequestInfo({ fileSize: 100, rangeHeader: 'bytes=200-' }), {
    type: 'invalid',
    headers: { 'Content-Range': 'bytes */100' },
    status: 416,
  })
  t.is(getRangeRequestInfo({ fileSize: 100, rangeHeader: 'items=0-1' }).status, 416)
  t.is(getRangeRequestInfo({ fileSize: 100 }).status, 200)
  t.true(isXmlMimeType('image/svg+xml; charset=utf-8'))
  t.false(isXmlMimeType('image/png'))
  t.notThrows(() => assertClientUploadAllowed({ filename: 'a.png', mimeType: 'image/png' }))
  for (const [filename, mimeType, message] of [
    ['a.svg', 'image/svg+xml', /SVG and XML files must be uploaded through Payload/],
    ['a.png', 'image png', /A valid MIME type is required/],
    ['a.png', undefined, /A valid MIME type is required/],
    ['   ', 'image/png', /A valid filename is required/],
  ] as const)
    t.throws(() => assertClientUploadAllowed({ filename, mimeType }), { message })
  t.notThrows(() =>
    assertClientUploadAllowed({
      collection: { upload: { allowRestrictedFileTypes: true } },
      filename: 'a.svg',
      mimeType: 'image/svg+xml',
    }),
  )
  t.throws(() => assertClientUploadFileSize(-1), { message: /A valid file size is required/ })
  t.notThrows(() => assertClientUploadFileSize(10))
  t.is(UPLOAD_CONTENT_SECURITY_POLICY, "script-src 'none'; frame-src 'none'; object-src 'none'")
})

test('error classes take Payload’s arguments: req.t, or positional data', (t) => {
  const translated = new Forbidden((key: string) => `t(${key})`)
  t.is(translated.message, 't(error:notAllowedToPerformAction)')
  t.is(translated.status, 403)
  t.is(new Forbidden().message, 'You are not allowed to perform this action.')
  const unauthorized = new UnauthorizedError()
  t.is(unauthorized.status, 401)
  t.is(unauthorized.message, 'Unauthorized, you must be logged in to make this request.')
  t.deepEqual(
    [new MissingFile().status, new MissingFile().message],
    [400, 'No files were uploaded.'],
  )
  t.deepEqual(new APIError('teapot', 418, { cup: 1 }, true).data, { cup: 1 })
  t.is(new APIError('x', 400, null).data, undefined)
  t.is(new APIError('x', 400, { code: 'CONFLICT' }).code, 'CONFLICT')
})

test('headersWithCors and mergeHeaders', (t) => {
  const req = {
    payload: { config: { cors: ['https://site.example'] } },
    headers: new Headers({ Origin: 'https://site.example' }),
  } as never
  const h = headersWithCors({ headers: new Headers(), req })
  t.is(h.get('Access-Control-Allow-Origin'), 'https://site.example')
  t.is(h.get('Access-Control-Allow-Credentials'), 'true')
  t.regex(h.get('Access-Control-Allow-Headers') ?? '', /^Origin, X-Requested-With, Content-Type/)
  const other = {
    ...(req as object),
    headers: new Headers({ Origin: 'https://evil.example' }),
  } as never
  t.is(
    headersWithCors({ headers: new Headers(), req: other }).get('Access-Control-Allow-Origin'),
    null,
  )
  const star = { payload: { config: { cors: '*' } }, headers: new Headers() } as never
  t.is(
    headersWithCors({ headers: new Headers(), req: star }).get('Access-Control-Allow-Origin'),
    '*',
  )
  const merged = mergeHeaders(new Headers({ 'set-cookie': 'a=1' }), new Headers({ 'x-a': '1' }))
  t.deepEqual([merged.get('x-a'), merged.get('set-cookie')], ['1', 'a=1'])
})

test('formatAdminURL and slugField’s shape', (t) => {
  t.is(
    formatAdminURL({
      adminRoute: '/admin',
      path: '/collections/posts',
      serverURL: 'https://cms.example/x',
    }),
    'https://cms.example/admin/collections/posts',
  )
  t.is(formatAdminURL({ apiRoute: '/api', path: '/posts', relative: true }), '/api/posts')
  const row = slugField({ useAsSlug: 'name' }) as unknown as {
    type: string
    fields: Record<string, unknown>[]
  }
  t.is(row.type, 'row')
  t.deepEqual(
    row.fields.map((f) => [f.name, f.type, f.unique, f.index, f.defaultValue]),
    [
      ['generateSlug', 'checkbox', undefined, undefined, true],
      ['slug', 'text', true, true, undefined],
    ],
  )
  t.is((slugField({ disableUnique: true }) as unknown as typeof row).fields[1].unique, false)
})

test('payload.getAdminURL() and getAPIURL(): absolute on serverURL, the routes alone without it', async (t) => {
  const fields = [{ name: 'title', type: 'text' as const }]
  const collections = [{ slug: 'posts', fields }]
  const withServer = await getPayload({
    config: buildConfig({
      db: { url: 'sqlite::memory:' },
      serverURL: 'https://cms.example:8443/ignored',
      routes: { admin: '/studio', api: '/rest' },
      collections,
    }),
    key: 'urls-server',
  })
  const bare = await getPayload({
    config: buildConfig({ db: { url: 'sqlite::memory:' }, collections }),
    key: 'urls-bare',
  })
  try {
    t.is(withServer.getAdminURL(), 'https://cms.example:8443/studio')
    t.is(withServer.getAPIURL(), 'https://cms.example:8443/rest')
    t.is(bare.getAdminURL(), '/admin')
    t.is(bare.getAPIURL(), '/api')
  } finally {
    await withServer.destroy()
    await bare.destroy()
  }
})
