import test from 'ava'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { compileGraphQL } from '../../server/contracts/graphql.ts'
import { generateTypes } from '../../server/contracts/typescript.ts'
import { customIdsConfig, seedCustomIds } from '../fixtures/custom-ids.ts'
import { useServer } from '../helpers/http.ts'

/** Custom text/number ids and UUID ids over REST (every answer validated against the contract) and GraphQL. */
const s = useServer(test, customIdsConfig, seedCustomIds)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

async function gql(query: string, variables?: Record<string, unknown>) {
  const r = await s.request('POST', '/api/graphql', { body: { query, variables } })
  return r.body as {
    data?: any
    errors?: { message: string; extensions?: Record<string, unknown> }[]
  }
}

test('REST: create with a custom text id, find it by id and by where, 400 on a missing or duplicate id', async (t) => {
  const created = await s.request('POST', '/api/tags', { body: { id: 'rest', name: 'Rest' } })
  t.is(created.status, 201)
  t.like(created.body.doc, { id: 'rest', name: 'Rest' })
  const found = await s.request('GET', '/api/tags/rest', { query: { depth: '0' } })
  t.is(found.status, 200)
  t.like(found.body, { id: 'rest', name: 'Rest' })
  const list = await s.request('GET', '/api/tags', { query: 'where[id][equals]=rest' })
  t.deepEqual(
    list.body.docs.map((d: { id: string }) => d.id),
    ['rest'],
  )
  const missing = await s.request('POST', '/api/tags', {
    body: { name: 'No id' },
    invalid: 'a custom id is required',
  })
  t.is(missing.status, 400)
  t.like(missing.body.errors[0].data.errors[0], { path: 'id' })
  const duplicate = await s.request('POST', '/api/tags', { body: { id: 'rest', name: 'Again' } })
  t.is(duplicate.status, 400)
  t.like(duplicate.body.errors[0], { name: 'ValidationError' })
  t.like(duplicate.body.errors[0].data.errors[0], { path: 'id', message: 'Value must be unique' })
  t.is((await s.request('GET', '/api/tags/nothing-here')).status, 404)
})

test('REST: custom number ids in the path', async (t) => {
  const r = await s.request('GET', '/api/codes/42.5', { query: { depth: '0' } })
  t.is(r.status, 200)
  t.like(r.body, { id: 42.5, label: 'answer' })
  const bad = await s.request('GET', '/api/codes/abc', { invalid: 'not a number' })
  t.is(bad.status, 400)
})

test('REST: UUID create, read, update, delete; a relationship to a custom id populated at depth 1', async (t) => {
  const created = await s.request('POST', '/api/notes', {
    body: { title: 'Via REST', tag: 'news', tags: ['news', 'tech'], code: 42.5 },
    query: { depth: '0' },
  })
  t.is(created.status, 201)
  const id = created.body.doc.id as string
  t.regex(id, UUID)
  t.like(created.body.doc, { tag: 'news', tags: ['news', 'tech'], code: 42.5 })
  const read = await s.request('GET', `/api/notes/${id}`, { query: { depth: '1' } })
  t.is(read.status, 200)
  t.like(read.body, { id, tag: { id: 'news', name: 'News' }, code: { id: 42.5, label: 'answer' } })
  const byTag = await s.request('GET', '/api/notes', { query: 'where[tag][equals]=news&depth=0' })
  t.true(byTag.body.docs.some((d: { id: string }) => d.id === id))
  const updated = await s.request('PATCH', `/api/notes/${id}`, {
    body: { title: 'Changed' },
    query: { depth: '0' },
  })
  t.is(updated.status, 200)
  t.like(updated.body.doc, { id, title: 'Changed' })
  const versions = await s.request('GET', '/api/notes/versions', {
    query: `where[parent][equals]=${id}&depth=0`,
  })
  t.is(versions.status, 200)
  t.is(versions.body.totalDocs, 2)
  t.is(versions.body.docs[0].parent, id)
  const copy = await s.request('POST', `/api/notes/${id}/duplicate`, { query: { depth: '0' } })
  t.is(copy.status, 200)
  t.regex(copy.body.doc.id, UUID)
  t.not(copy.body.doc.id, id)
  const deleted = await s.request('DELETE', `/api/notes/${id}`)
  t.is(deleted.status, 200)
  t.is(deleted.body.doc.id, id)
  t.is((await s.request('GET', `/api/notes/${id}`)).status, 404)
  const badRelation = await s.request('POST', '/api/notes', {
    body: { title: 'Bad', tag: 5 },
    invalid: 'a number for a text id',
  })
  t.is(badRelation.status, 400)
  t.like(badRelation.body.errors[0].data.errors[0], { path: 'tag' })
})

test('contracts: the id path parameter and schemas follow each collection id type', (t) => {
  const doc = compileOpenAPI(s.cms.config) as any
  const idOf = (path: string) =>
    doc.paths[path].get.parameters.find((p: { name?: string }) => p.name === 'id')
  t.deepEqual(idOf('/tags/{id}').schema, { type: 'string', minLength: 1 })
  t.deepEqual(idOf('/codes/{id}').schema, { type: 'number' })
  t.deepEqual(idOf('/notes/{id}').schema, { type: 'string', minLength: 1 })
  t.deepEqual(doc.components.schemas.Tag.properties.id, { type: 'string' })
  t.like(doc.components.schemas.Note.properties.id, { type: 'string', description: 'A UUID.' })
  t.deepEqual(doc.components.schemas.TagCreateInput.required, ['id', 'name'])
  t.deepEqual(doc.components.schemas.User.properties.id, { type: 'integer', minimum: 1 })
  const sdl = compileGraphQL(s.cms.config).sdl
  t.regex(sdl, /\n {2}Tag\(id: String!/)
  t.regex(sdl, /\n {2}Code\(id: Float!/)
  t.regex(sdl, /\n {2}Note\(id: String!/)
  t.regex(sdl, /\n {2}User\(id: Int!/)
  t.regex(sdl, /type Tag \{\n {2}id: String!/)
  t.regex(sdl, /input mutationTagInput \{\n {2}id: String!/)
  const types = generateTypes(s.cms.config)
  t.regex(types, /export interface Tag \{\n {2}id: string;/)
  t.regex(types, /export interface Code \{\n {2}id: number;/)
  t.regex(types, /export interface Note \{\n {2}id: string;/)
  t.regex(types, /tag\?: string \| Tag \| null;/)
  t.regex(types, /value: number \| User/)
})

test('GraphQL: a custom id document by id, a UUID document created with relations, where on id', async (t) => {
  const tag = await gql('{ Tag(id: "news") { id name } }')
  t.deepEqual(tag, { data: { Tag: { id: 'news', name: 'News' } } })
  const created = await gql(
    'mutation ($tag: String) { createNote(data: { title: "GQL", tag: $tag, tags: ["tech"], code: 42.5, about: { relationTo: tags, value: "tech" } }) { id title tag { id name } tags { id } code { id label } about { relationTo value { ... on Tag { id } } } } }',
    { tag: 'news' },
  )
  t.falsy(created.errors, JSON.stringify(created.errors))
  const note = created.data.createNote
  t.regex(note.id, UUID)
  t.deepEqual(note.tag, { id: 'news', name: 'News' })
  t.deepEqual(note.tags, [{ id: 'tech' }])
  t.deepEqual(note.code, { id: 42.5, label: 'answer' })
  t.deepEqual(note.about, { relationTo: 'tags', value: { id: 'tech' } })
  const read = await gql(`{ Note(id: "${note.id}") { id title } }`)
  t.deepEqual(read.data.Note, { id: note.id, title: 'GQL' })
  const list = await gql(
    '{ Tags(where: { id: { in: ["news", "tech"] } }, sort: "id") { docs { id } } }',
  )
  t.deepEqual(list.data.Tags.docs, [{ id: 'news' }, { id: 'tech' }])
  const joined = await gql('{ Tag(id: "news") { notes { docs { id } } } }')
  t.true(joined.data.Tag.notes.docs.some((d: { id: string }) => d.id === note.id))
  const updated = await gql(
    `mutation { updateNote(id: "${note.id}", data: { title: "GQL 2" }) { id title } }`,
  )
  t.deepEqual(updated.data.updateNote, { id: note.id, title: 'GQL 2' })
  const dup = await gql('mutation { createTag(data: { id: "news", name: "Dup" }) { id } }')
  t.is(dup.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
  t.like((dup.errors?.[0].extensions?.data as { errors: unknown[] }).errors[0], {
    path: 'id',
    message: 'Value must be unique',
  })
  const missing = await gql('mutation { createTag(data: { name: "No id" }) { id } }')
  t.is(missing.errors?.[0].extensions?.code, 'BAD_REQUEST')
  const copy = await gql(
    'mutation { duplicateTag(id: "tech", data: { id: "tech-2" }) { id name } }',
  )
  t.deepEqual(copy.data.duplicateTag, { id: 'tech-2', name: 'Tech' })
  const deleted = await gql(`mutation { deleteNote(id: "${note.id}") { id } }`)
  t.deepEqual(deleted.data.deleteNote, { id: note.id })
})
