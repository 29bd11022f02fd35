import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Access is decided once, by Local, on REST and GraphQL alike: a valid request calls the access function once;
 * a caller it turns away gets 401/403 before any 400 that would describe the body, on both surfaces.
 */
const calls = { update: 0, create: 0 }
const config = defineConfig({
  collections: [
    {
      slug: 'users',
      auth: true,
      fields: [
        { name: 'role', type: 'select', options: ['editor', 'reader'], defaultValue: 'reader' },
      ],
      access: { create: () => true, read: () => true, update: () => true },
    },
    {
      slug: 'notes',
      access: {
        read: () => true,
        create: ({ req }) => {
          calls.create++
          return req.user?.role === 'editor'
        },
        update: ({ req }) => {
          calls.update++
          return req.user?.role === 'editor'
        },
      },
      fields: [{ name: 'title', type: 'text', required: true, maxLength: 20 }],
    },
  ],
  email: { sendEmail: () => {} },
})

const s = useServer(test, config, async (cms) => {
  for (const role of ['editor', 'reader'])
    await cms.create({
      collection: 'users',
      data: { email: `${role}@example.com`, password: `${role}-password`, role },
    })
  return { note: await cms.create({ collection: 'notes', data: { title: 'First' } }) }
})

const tokens = new Map<string, string>()
async function as(role: 'editor' | 'reader'): Promise<Record<string, string>> {
  if (!tokens.has(role)) {
    const body = { email: `${role}@example.com`, password: `${role}-password` }
    tokens.set(role, (await s.request('POST', '/api/users/login', { body })).body.token)
  }
  return { authorization: `Bearer ${tokens.get(role)}` }
}
const gql = async (query: string, headers: Record<string, string> = {}) =>
  (await s.request('POST', '/api/graphql', { body: { query }, headers })).body

test.serial('a valid REST or GraphQL write calls the access function once', async (t) => {
  const editor = await as('editor')
  const id = (s.data as { note: { id: number } }).note.id
  calls.update = 0
  const rest = await s.request('PATCH', `/api/notes/${id}`, {
    body: { title: 'Second' },
    headers: editor,
  })
  t.is(rest.status, 200)
  t.is(calls.update, 1)
  calls.create = 0
  t.is(
    (await s.request('POST', '/api/notes', { body: { title: 'New' }, headers: editor })).status,
    201,
  )
  t.is(calls.create, 1)
  calls.update = 0
  const g = await gql(
    `mutation { updateNote(id: ${id}, data: { title: "Third" }) { title } }`,
    editor,
  )
  t.is(g.data.updateNote.title, 'Third')
  t.is(calls.update, 1)
})

test.serial(
  'a refused caller gets 401/403, never a 400 describing the body, on REST and GraphQL',
  async (t) => {
    const id = (s.data as { note: { id: number } }).note.id
    const tooLong = 'x'.repeat(50)
    const invalid = 'a body the contract refuses: access must answer before validation'
    // REST: the contract refuses these bodies (unknown field, too long, wrong type), access answers first.
    for (const body of [{ nope: 1 }, { title: tooLong }, { title: 42 }]) {
      t.is(
        (await s.request('PATCH', `/api/notes/${id}`, { body, invalid })).status,
        401,
        JSON.stringify(body),
      )
      const reader = await s.request('PATCH', `/api/notes/${id}`, {
        body,
        headers: await as('reader'),
        invalid,
      })
      t.is(reader.status, 403, JSON.stringify(body))
      t.is(
        (await s.request('POST', '/api/notes', { body, headers: await as('reader'), invalid }))
          .status,
        403,
      )
    }
    // GraphQL: Local validation comes after access too.
    const anon = await gql(
      `mutation { updateNote(id: ${id}, data: { title: "${tooLong}" }) { title } }`,
    )
    t.is(anon.errors[0].extensions.code, 'UNAUTHENTICATED')
    const reader = await gql(
      `mutation { createNote(data: { title: "${tooLong}" }) { title } }`,
      await as('reader'),
    )
    t.is(reader.errors[0].extensions.code, 'FORBIDDEN')
    // An allowed caller gets the 400 naming the field, on both.
    const rest = await s.request('PATCH', `/api/notes/${id}`, {
      body: { title: tooLong },
      headers: await as('editor'),
      invalid: 'a title past its maxLength',
    })
    t.is(rest.status, 400)
    const g = await gql(
      `mutation { createNote(data: { title: "${tooLong}" }) { title } }`,
      await as('editor'),
    )
    t.is(g.errors[0].extensions.code, 'BAD_USER_INPUT')
    t.is(g.errors[0].extensions.data.errors[0].path, 'title')
  },
)
