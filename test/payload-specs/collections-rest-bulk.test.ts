import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { collectionsRestConfig } from './collections-rest.config.ts'
import { clear, createPost, ids, query } from './helpers.ts'

/** Payload's test/collections-rest/int.spec.ts, describe "CRUD > Bulk operations" and "Custom ID". */

const s = useServer(test, collectionsRestConfig)
test.beforeEach(async () => {
  await clear(s, 'posts')
  // The test hooks fail on purpose unless told this is the cleanup.
  await s.cms.delete({ collection: 'error-on-hooks', where: {}, context: { cleanup: true } })
})

test.serial('Bulk: should bulk update', async (t) => {
  for (let i = 0; i < 11; i++) await createPost(s, { description: `desc ${i}` })
  const r = await s.request('PATCH', '/api/posts', {
    query: query({ where: { title: { equals: 'title' } } }),
    body: { description: 'updated' },
  })
  t.is(r.status, 200)
  t.deepEqual(r.body.errors, [])
  // Every match, not a page of 10.
  t.is(r.body.docs.length, 11)
  t.true(r.body.docs.every((d: any) => d.title === 'title' && d.description === 'updated'))
})

test.serial('Bulk: should bulk update with limit (REST and Local)', async (t) => {
  const made = []
  for (let i = 0; i < 3; i++) made.push(await createPost(s, { description: 'to-update' }))
  const all = made.map((d) => d.id)
  const r = await s.request('PATCH', '/api/posts', {
    query: query({ limit: 2, sort: 'id', where: { id: { in: all } } }),
    body: { description: 'updated-description' },
  })
  t.is(r.status, 200)
  t.deepEqual(r.body.errors, [])
  t.deepEqual(ids(r.body.docs), all.slice(0, 2))
  const after = await s.cms.find({ collection: 'posts', sort: 'id', where: { id: { in: all } } })
  t.deepEqual(
    after.docs.map((d) => d.description),
    ['updated-description', 'updated-description', 'to-update'],
  )

  // Local: limit with sort picks the first ones in that order.
  const local = await s.cms.update({
    collection: 'posts',
    where: { id: { in: all } },
    sort: '-id',
    limit: 1,
    data: { description: 'last' },
  })
  t.deepEqual(ids(local.docs), [all[2]])
})

test.serial('Bulk: a bulk delete takes limit and sort too', async (t) => {
  const made = []
  for (let i = 0; i < 4; i++) made.push(await createPost(s))
  const r = await s.request('DELETE', '/api/posts', {
    query: query({ limit: 3, sort: '-id', where: { title: { equals: 'title' } } }),
  })
  t.is(r.status, 200)
  t.deepEqual(ids(r.body.docs), [made[3].id, made[2].id, made[1].id])
  t.deepEqual(ids((await s.cms.find({ collection: 'posts' })).docs), [made[0].id])
  const bad = await s.request('DELETE', '/api/posts', {
    query: query({ limit: -1, where: { title: { equals: 'title' } } }),
    invalid: 'a negative limit',
  })
  t.is(bad.status, 400)
  const local = await t.throwsAsync(
    s.cms.delete({ collection: 'posts', where: {}, limit: 1.5 } as never),
  )
  t.is(local?.name, 'BadRequest')
  t.is((await s.cms.count({ collection: 'posts' })).totalDocs, 1)
})

test.serial('Bulk: should not bulk update with a bad query', async (t) => {
  for (let i = 0; i < 2; i++) await createPost(s, { description: `desc ${i}` })
  const r = await s.request('PATCH', '/api/posts', {
    query: query({ where: { missing: { equals: 'title' } } }),
    body: { description: 'updated' },
    invalid: 'an unknown where path',
  })
  t.is(r.status, 400)
  t.is(r.body.docs, undefined)
  t.is(r.body.errors.length, 1)
  const { docs } = await s.cms.find({ collection: 'posts' })
  t.true(docs.every((d) => d.description !== 'updated'))
})

test.serial('Bulk: should not bulk update with a bad relationship query', async (t) => {
  for (let i = 0; i < 2; i++) await createPost(s, { description: `desc ${i}` })
  for (const path of ['relationField.missing', 'relationMultiRelationTo.missing']) {
    const r = await s.request('PATCH', '/api/posts', {
      query: query({ where: { [path]: { equals: 'title' } } }),
      body: { description: 'updated' },
      invalid: 'an unknown where path',
    })
    t.is(r.status, 400, path)
  }
  const { docs } = await s.cms.find({ collection: 'posts' })
  t.true(docs.every((d) => d.description !== 'updated'))
})

test.serial('Bulk: should not bulk update with a read restricted field query', async (t) => {
  const { id } = await s.cms.create({
    collection: 'posts',
    data: { restrictedField: 'restricted' },
  })
  const r = await s.request('PATCH', '/api/posts', {
    query: query({ where: { restrictedField: { equals: 'restricted' } } }),
    body: { description: 'description' },
  })
  t.is(r.status, 400)
  t.is(r.body.errors.length, 1)
  // Payload's wording, with this server's reason after it.
  t.regex(r.body.errors[0].message, /^The following path cannot be queried: restrictedField\b/)
  t.falsy((await s.cms.findByID({ collection: 'posts', id })).description)
})

test.serial('Bulk: should return formatted errors for bulk updates', async (t) => {
  const text = 'bulk-update-test-errors'
  const failing = await s.cms.create({
    collection: 'error-on-hooks',
    data: { errorBeforeChange: true, text },
  })
  const passing = await s.cms.create({
    collection: 'error-on-hooks',
    data: { errorBeforeChange: false, text },
  })
  const r = await s.request('PATCH', '/api/error-on-hooks', {
    query: query({ where: { text: { equals: text } } }),
    body: { text: 'update' },
  })
  // docs/decisions.md: a bulk write that failed on some documents answers 200 (Payload: 400).
  t.is(r.status, 200)
  t.deepEqual(ids(r.body.docs), [passing.id])
  t.is(r.body.docs[0].text, 'update')
  t.is(r.body.errors.length, 1)
  t.is(r.body.errors[0].id, failing.id)
  t.is(typeof r.body.errors[0].message, 'string')
})

test.serial(
  'Bulk: departure: an error that is not a client error aborts the whole bulk update',
  async (t) => {
    // docs/decisions.md: only an APIError below 500 fails one document; Payload lists every error per document.
    await s.cms.create({ collection: 'error-on-hooks', data: { text: 'plain' } })
    await s.cms.create({ collection: 'error-on-hooks', data: { text: 'plain', plainError: true } })
    const r = await s.request('PATCH', '/api/error-on-hooks', {
      query: query({ where: { text: { equals: 'plain' } } }),
      body: { text: 'changed' },
    })
    t.is(r.status, 500)
    t.is(r.body.errors[0].message, 'Something went wrong.')
    const { docs } = await s.cms.find({ collection: 'error-on-hooks' })
    t.deepEqual(
      docs.map((d) => d.text),
      ['plain', 'plain'],
    )
  },
)

test.serial('Bulk: should bulk delete', async (t) => {
  for (let i = 0; i < 11; i++) await createPost(s, { description: `desc ${i}` })
  const r = await s.request('DELETE', '/api/posts', {
    query: query({ where: { title: { equals: 'title' } } }),
  })
  t.is(r.status, 200)
  t.is(r.body.docs.length, 11)
  t.is(r.body.docs[0].title, 'title')
  t.is((await s.cms.count({ collection: 'posts' })).totalDocs, 0)
})

test.serial('Bulk: should return formatted errors for bulk deletes', async (t) => {
  const failing = await s.cms.create({
    collection: 'error-on-hooks',
    data: { errorAfterDelete: true, text: 'test' },
  })
  await s.cms.create({
    collection: 'error-on-hooks',
    data: { errorAfterDelete: false, text: 'test' },
  })
  const r = await s.request('DELETE', '/api/error-on-hooks', {
    query: query({ where: { text: { equals: 'test' } } }),
  })
  t.is(r.status, 200)
  t.is(r.body.docs.length, 1)
  t.is(r.body.errors.length, 1)
  t.is(r.body.errors[0].id, failing.id)
  t.is(typeof r.body.errors[0].message, 'string')
})

test.serial('Custom ID: string: create, find, query equals and like, update', async (t) => {
  const customId = `custom-${Date.now().toString(36)}`
  const created = await s.request('POST', '/api/custom-id', {
    body: { id: customId, name: 'custom-id-name' },
  })
  t.is(created.body.doc.id, customId)
  t.is(created.body.doc.name, 'custom-id-name')
  t.is((await s.request('GET', `/api/custom-id/${customId}`)).body.id, customId)
  const equals = await s.request('GET', '/api/custom-id', {
    query: query({ where: { id: { equals: customId } } }),
  })
  t.deepEqual(ids(equals.body.docs), [customId])
  const like = await s.request('GET', '/api/custom-id', {
    query: query({ where: { id: { like: 'custom' } } }),
  })
  t.true(ids(like.body.docs).includes(customId))
  const updated = await s.request('PATCH', `/api/custom-id/${customId}`, {
    body: { name: 'updated' },
  })
  t.is(updated.body.doc.name, 'updated')
})

test.serial('Custom ID: number: create, find, update, query by in', async (t) => {
  const customId = 424242
  const created = await s.request('POST', '/api/custom-id-number', {
    body: { id: customId, name: 'custom-id-number-name' },
  })
  t.is(created.body.doc.id, customId)
  t.is((await s.request('GET', `/api/custom-id-number/${customId}`)).body.id, customId)
  const updated = await s.request('PATCH', `/api/custom-id-number/${customId}`, {
    body: { name: 'updated' },
  })
  t.is(updated.body.doc.name, 'updated')
  const id = 98234698237
  await s.request('POST', '/api/custom-id-number', { body: { id, name: 'query using in' } })
  const found = await s.request('GET', '/api/custom-id-number', {
    query: query({ where: { id: { in: `${id}, ${2349856723948764}` } } }),
  })
  t.deepEqual(ids(found.body.docs), [id])
})
