import test from 'ava'
import type { Cms } from '../../server/local/cms.ts'
import { MALFORMED_JSON, useServer, type RequestOptions } from '../helpers/http.ts'
import { editor, restConfig, testAuth } from '../fixtures/rest.ts'

async function seed(cms: Cms) {
  const news = await cms.create({ collection: 'tags', data: { name: 'news', color: 'red' } })
  const tech = await cms.create({ collection: 'tags', data: { name: 'tech', color: 'blue' } })
  const ids: number[] = []
  for (let i = 1; i <= 12; i++) {
    const a = await cms.create({
      collection: 'articles',
      data: {
        title: `Article ${String(i).padStart(2, '0')}`,
        views: i * 10,
        kind: i % 2 ? 'news' : 'opinion',
        tags: i % 3 ? [news.id] : [news.id, tech.id],
        _status: i <= 10 ? 'published' : 'draft',
        seo: { description: `About ${i}` },
      },
    })
    ids.push(a.id as number)
  }
  await cms.update({
    collection: 'articles',
    id: ids[0],
    locale: 'de',
    data: { title: 'Artikel 01' },
  })
  await cms.updateGlobal({ slug: 'settings', data: { siteName: 'Test site', motto: 'Hello' } })
  return { news, tech, ids }
}
const s = useServer(test, restConfig, seed, {
  authenticate: testAuth,
  cors: ['https://app.example'],
})

test('list: docs and the page fields; anonymous readers see only published articles', async (t) => {
  const r = await s.request('GET', '/api/articles', { query: { limit: '4', sort: 'views' } })
  t.is(r.status, 200)
  t.is(r.body.totalDocs, 10)
  t.is(r.body.totalPages, 3)
  t.deepEqual(
    r.body.docs.map((d: { views: number }) => d.views),
    [10, 20, 30, 40],
  )
  const asEditor = await s.request('GET', '/api/articles', {
    query: { limit: '0' },
    headers: editor,
  })
  t.true(asEditor.body.totalDocs >= 12)
})

test('where in bracket syntax, repeated conditions, and/or, and as JSON', async (t) => {
  const views = await s.request('GET', '/api/articles', {
    query: 'where[views][greater_than]=50&where[kind][equals]=news&sort=views&depth=0',
  })
  t.deepEqual(
    views.body.docs.map((d: { views: number }) => d.views),
    [70, 90],
  )
  const or = await s.request('GET', '/api/articles', {
    query: 'where[or][0][views][equals]=10&where[or][1][views][equals]=30&sort=-views',
  })
  t.deepEqual(
    or.body.docs.map((d: { views: number }) => d.views),
    [30, 10],
  )
  const json = await s.request('GET', '/api/articles', {
    query: {
      where: JSON.stringify({
        and: [{ 'seo.description': { like: 'About 1' } }, { views: { less_than: 100 } }],
      }),
      sort: 'views',
    },
  })
  t.deepEqual(
    json.body.docs.map((d: { views: number }) => d.views),
    [10],
  )
  const inList = await s.request('GET', '/api/articles', {
    query: 'where[views][in]=20,40&sort=views',
  })
  t.deepEqual(
    inList.body.docs.map((d: { views: number }) => d.views),
    [20, 40],
  )
  const throughRelation = await s.request('GET', '/api/articles', {
    query: 'where[tags.name][equals]=tech&sort=views&limit=0',
  })
  t.deepEqual(
    throughRelation.body.docs.map((d: { views: number }) => d.views),
    [30, 60, 90],
  )
})

test('depth, page, select and populate', async (t) => {
  const { ids, news } = s.data
  const d0 = await s.request('GET', `/api/articles/${ids[0]}`, { query: { depth: '0' } })
  t.deepEqual(d0.body.tags, [news.id])
  const d1 = await s.request('GET', `/api/articles/${ids[0]}`, { query: { depth: '1' } })
  t.like(d1.body.tags[0], { id: news.id, name: 'news', color: 'red' })
  const page2 = await s.request('GET', '/api/articles', {
    query: { limit: '3', page: '2', sort: 'views' },
  })
  t.deepEqual(
    page2.body.docs.map((d: { views: number }) => d.views),
    [40, 50, 60],
  )
  t.like(page2.body, {
    page: 2,
    hasPrevPage: true,
    hasNextPage: true,
    prevPage: 1,
    nextPage: 3,
    pagingCounter: 4,
  })
  const selected = await s.request('GET', `/api/articles/${ids[0]}`, {
    query: 'select[title]=true&select[tags]=true&populate[tags][name]=true&depth=1',
  })
  t.deepEqual(selected.body, {
    id: ids[0],
    title: 'Article 01',
    tags: [{ id: news.id, name: 'news' }],
  })
  const json = await s.request('GET', '/api/articles', {
    query: { select: JSON.stringify({ views: true }), limit: '1', sort: 'views' },
  })
  t.deepEqual(json.body.docs, [{ id: ids[0], views: 10 }])
})

test('locale and fallback-locale', async (t) => {
  const { ids } = s.data
  t.is(
    (await s.request('GET', `/api/articles/${ids[0]}`, { query: { locale: 'de' } })).body.title,
    'Artikel 01',
  )
  t.is(
    (await s.request('GET', `/api/articles/${ids[1]}`, { query: { locale: 'de' } })).body.title,
    'Article 02',
  )
  t.is(
    (
      await s.request('GET', `/api/articles/${ids[1]}`, {
        query: { locale: 'de', 'fallback-locale': 'none' },
      })
    ).body.title,
    null,
  )
  t.deepEqual(
    (await s.request('GET', `/api/articles/${ids[0]}`, { query: { locale: 'all' } })).body.title,
    { en: 'Article 01', de: 'Artikel 01' },
  )
  const bad = await s.request('GET', '/api/articles', {
    query: { locale: 'fr' },
    invalid: 'a locale outside its enum',
  })
  t.is(bad.status, 400)
})

test('count, with where and draft', async (t) => {
  t.deepEqual((await s.request('GET', '/api/articles/count')).body, { totalDocs: 10 })
  t.deepEqual(
    (await s.request('GET', '/api/articles/count', { query: 'where[kind][equals]=news' })).body,
    { totalDocs: 5 },
  )
  t.is(
    (await s.request('GET', '/api/articles/count', { query: { draft: 'true' }, headers: editor }))
      .body.totalDocs >= 12,
    true,
  )
})

test('create, update, delete by id: statuses, bodies and access', async (t) => {
  const denied = await s.request('POST', '/api/tags', { body: { name: 'anon' } })
  t.is(denied.status, 401)
  t.is(denied.headers.get('www-authenticate'), 'Bearer realm="cms"')
  t.is(
    (await s.request('GET', '/api/tags', { query: 'where[name][equals]=anon' })).body.totalDocs,
    0,
  )

  const created = await s.request('POST', '/api/tags', {
    body: { name: 'crud', color: 'green' },
    headers: editor,
  })
  t.is(created.status, 201)
  t.is(created.body.message, 'Tag successfully created.')
  const id = created.body.doc.id
  const updated = await s.request('PATCH', `/api/tags/${id}`, {
    body: { color: 'teal' },
    headers: editor,
  })
  t.is(updated.status, 200)
  t.like(updated.body, {
    message: 'Updated successfully.',
    doc: { id, name: 'crud', color: 'teal' },
  })
  t.is((await s.request('PATCH', `/api/tags/${id}`, { body: { color: 'x' } })).status, 401)
  const deleted = await s.request('DELETE', `/api/tags/${id}`, { headers: editor })
  t.like(deleted.body, { message: 'Deleted successfully.', doc: { id } })
  t.is((await s.request('GET', `/api/tags/${id}`)).status, 404)
  t.is((await s.request('DELETE', `/api/tags/${id}`, { headers: editor })).status, 404)
})

test('bulk update and delete by where', async (t) => {
  for (const name of ['bulk-a', 'bulk-b', 'bulk-c'])
    await s.request('POST', '/api/tags', { body: { name }, headers: editor })
  const updated = await s.request('PATCH', '/api/tags', {
    query: 'where[name][like]=bulk',
    invalid: 'where in bracket syntax: served, but the contract declares the JSON form only',
    body: { color: 'gray' },
    headers: editor,
  })
  t.is(updated.status, 200)
  t.is(updated.body.docs.length, 3)
  t.deepEqual(updated.body.errors, [])
  t.true(updated.body.docs.every((d: { color: string }) => d.color === 'gray'))
  const missingWhere = await s.request('DELETE', '/api/tags', {
    headers: editor,
    invalid: 'a bulk delete without its required where',
  })
  t.is(missingWhere.status, 400)
  const deleted = await s.request('DELETE', '/api/tags', {
    query: { where: JSON.stringify({ name: { in: ['bulk-a', 'bulk-b', 'bulk-c'] } }) },
    headers: editor,
  })
  t.is(deleted.body.docs.length, 3)
  t.is(
    (await s.request('GET', '/api/tags/count', { query: 'where[name][like]=bulk' })).body.totalDocs,
    0,
  )
})

test('drafts over REST: a draft save is invisible to published readers, draft=true reads it', async (t) => {
  const { ids } = s.data
  const saved = await s.request('PATCH', `/api/articles/${ids[2]}`, {
    query: { draft: 'true' },
    body: { title: 'Draft title' },
    headers: editor,
  })
  t.is(saved.status, 200)
  t.is((await s.request('GET', `/api/articles/${ids[2]}`)).body.title, 'Article 03')
  t.is(
    (
      await s.request('GET', `/api/articles/${ids[2]}`, {
        query: { draft: 'true' },
        headers: editor,
      })
    ).body.title,
    'Draft title',
  )
  const versions = await s.request('GET', '/api/articles/versions', {
    query: { where: JSON.stringify({ parent: { equals: ids[2] } }), depth: '0' },
    headers: editor,
  })
  t.is(versions.status, 200)
  t.is(versions.body.docs[0].version.title, 'Draft title')
  t.is((await s.request('GET', '/api/articles/versions')).status, 401)
  const restored = await s.request('POST', `/api/articles/versions/${versions.body.docs[1].id}`, {
    headers: editor,
  })
  t.like(restored.body, { id: ids[2], title: 'Article 03', message: 'Restored Successfully.' })
})

test('globals: read and write', async (t) => {
  const read = await s.request('GET', '/api/globals/settings')
  t.like(read.body, { siteName: 'Test site', motto: 'Hello', globalType: 'settings' })
  t.is((await s.request('POST', '/api/globals/settings', { body: { siteName: 'x' } })).status, 401)
  const written = await s.request('POST', '/api/globals/settings', {
    query: { locale: 'de' },
    body: { motto: 'Hallo' },
    headers: editor,
  })
  t.like(written.body, {
    message: 'Updated successfully.',
    result: { siteName: 'Test site', motto: 'Hallo' },
  })
  t.is((await s.request('GET', '/api/globals/settings')).body.motto, 'Hello')
})

test('custom endpoints: route params, req.json(), req.user, and the Local layer inside', async (t) => {
  const { ids } = s.data
  // A draft article (views 120): the published ones feed the exact view counts other tests of this file check.
  t.deepEqual(
    (await s.request('POST', `/api/articles/${ids[11]}/bump`, { body: { by: 5 } })).body,
    { errors: [{ message: 'Log in to bump an article.' }] },
  )
  const bumped = await s.request('POST', `/api/articles/${ids[11]}/bump`, {
    body: { by: 5 },
    headers: editor,
  })
  t.deepEqual(bumped.body, { message: 'Bumped to 125' })
  t.is((await s.request('GET', `/api/articles/${ids[11]}`, { headers: editor })).body.views, 125)
  t.deepEqual((await s.request('GET', '/api/echo/hello%20world', { headers: editor })).body, {
    word: 'hello world',
    user: 1,
  })
})

// Serial: it counts the tags before and after, and the bulk test creates tags of its own.
test.serial(
  'bad input is a 4xx naming what is wrong, never a 500, and writes nothing',
  async (t) => {
    const cases: [string, string, RequestOptions & { query?: string }, number, RegExp][] = [
      ['GET', '/api/articles', { query: 'where[nope][equals]=1' }, 400, /nope/],
      ['GET', '/api/articles', { query: 'where[views][bogus]=1' }, 400, /bogus|views/],
      ['GET', '/api/articles', { query: 'where[views][greater_than]=abc' }, 400, /views/],
      ['GET', '/api/articles', { query: 'where={bad json' }, 400, /where is not valid JSON/],
      ['GET', '/api/articles', { query: 'limit=abc' }, 400, /limit/],
      ['GET', '/api/articles', { query: 'limit=-1' }, 400, /limit/],
      ['GET', '/api/articles', { query: 'limit=100000' }, 400, /limit/],
      ['GET', '/api/articles', { query: 'depth=99' }, 400, /depth/],
      ['GET', '/api/articles', { query: 'page=0' }, 400, /page/],
      ['GET', '/api/articles', { query: 'sort=nope' }, 400, /nope/],
      ['GET', '/api/articles', { query: 'select[nope]=true' }, 400, /nope/],
      ['GET', '/api/articles/abc', {}, 400, /id/],
      ['GET', '/api/articles/999999', {}, 404, /Not Found/],
      [
        'GET',
        '/api/nothing-here',
        { direct: 'an unknown route' },
        404,
        /Route not found: GET \/api\/nothing-here/,
      ],
      [
        'PUT',
        '/api/articles',
        { direct: 'an unknown method' },
        405,
        /"Method not allowed: PUT \/api\/articles \(allowed: DELETE, GET, PATCH, POST\)"/,
      ],
      [
        'POST',
        '/api/tags',
        {
          raw: '{"name":',
          headers: { ...editor, 'content-type': 'application/json' },
          direct: MALFORMED_JSON,
        },
        400,
        /"message":"Invalid JSON"/,
      ],
      [
        'POST',
        '/api/tags',
        {
          raw: 'name=x',
          headers: { ...editor, 'content-type': 'application/x-www-form-urlencoded' },
        },
        400,
        /must be JSON/,
      ],
      ['POST', '/api/tags', { body: { name: 42 }, headers: editor }, 400, /name/],
      ['POST', '/api/tags', { body: { color: 'no name' }, headers: editor }, 400, /name/],
      [
        'POST',
        '/api/tags',
        { body: { name: 'x', colour: 'typo' }, headers: editor },
        400,
        /colour/,
      ],
      ['POST', '/api/tags', { body: ['not', 'an', 'object'], headers: editor }, 400, /object|body/],
      ['POST', '/api/tags', { body: { name: 'news' }, headers: editor }, 400, /unique/],
      // Found by the fuzzer: a body nested 2,000 levels deep overflowed the stack (500) before the depth limit.
      [
        'PATCH',
        '/api/tags/1',
        {
          raw: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
          headers: { ...editor, 'content-type': 'application/json' },
        },
        400,
        /nests deeper than 64 levels/,
      ],
      [
        'GET',
        '/api/articles',
        { query: `where=${encodeURIComponent(`${'{"and":['.repeat(100)}{}${']}'.repeat(100)}`)}` },
        400,
        /nests deeper than 64 levels/,
      ],
      [
        'POST',
        '/api/tags',
        {
          raw: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
          headers: { ...editor, 'content-type': 'application/json' },
        },
        413,
        /larger than/,
      ],
    ]
    const before = (await s.request('GET', '/api/tags/count')).body.totalDocs
    for (const [method, path, opts, status, message] of cases) {
      const r = await s.request(method, path, { invalid: 'bad input, on purpose', ...opts })
      t.is(r.status, status, `${method} ${path} ${opts.query ?? ''}`)
      t.regex(JSON.stringify(r.body), message, `${method} ${path} ${opts.query ?? ''}`)
    }
    t.is((await s.request('GET', '/api/tags/count')).body.totalDocs, before)
  },
)

test('operations: health, request ids, CORS preflight for allowed origins only', async (t) => {
  t.deepEqual((await s.request('GET', '/api/health')).body, { status: 'ok' })
  const r = await s.request('GET', '/api/health', { headers: { 'x-request-id': 'abc-123' } })
  t.is(r.headers.get('x-request-id'), 'abc-123')
  t.regex(
    (await s.request('GET', '/api/health')).headers.get('x-request-id') ?? '',
    /^[0-9a-f-]{36}$/,
  )
  const pre = await fetch(s.directUrl('/api/articles', 'a CORS preflight: outside the contract'), {
    method: 'OPTIONS',
    headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
  })
  t.is(pre.status, 204)
  t.is(pre.headers.get('access-control-allow-origin'), 'https://app.example')
  const other = await fetch(`${s.url}/api/health`, { headers: { origin: 'https://evil.example' } })
  t.is(other.headers.get('access-control-allow-origin'), null)
})
