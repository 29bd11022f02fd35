import test from 'ava'
import type { Config } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'

/**
 * `POST <slug>/form-state`: Payload's `admin.condition` answered by the server for a form's data (the admin's
 * conditional fields), through REST (every answer validated against the contract) and the SDK.
 */
const isEditor = (user: unknown) => (user as { role?: string } | null)?.role === 'editor'
const config: Config = {
  collections: [
    {
      slug: 'people',
      auth: true,
      access: { read: () => true },
      fields: [{ name: 'role', type: 'select', options: ['editor', 'reader'] }],
    },
    {
      slug: 'events',
      access: {
        read: () => true,
        create: ({ req }) => isEditor(req.user),
        update: ({ req }) => isEditor(req.user),
      },
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'online', type: 'checkbox' },
        {
          name: 'url',
          type: 'text',
          required: true,
          admin: { condition: (data) => data.online === true },
        },
        {
          type: 'row',
          admin: { condition: (data) => data.online !== true },
          fields: [
            { name: 'venue', type: 'text' },
            { name: 'city', type: 'text', admin: { condition: (_d, sibling) => !!sibling.venue } },
          ],
        },
        {
          name: 'sessions',
          type: 'blocks',
          blocks: [
            {
              slug: 'talk',
              fields: [
                { name: 'speaker', type: 'text' },
                {
                  name: 'bio',
                  type: 'textarea',
                  admin: {
                    condition: (_d, sibling, { blockData, operation, path }) =>
                      Boolean(sibling.speaker) &&
                      blockData?.blockType === 'talk' &&
                      operation === 'update' &&
                      path.join('.') === `sessions.${path[1]}.bio`,
                  },
                },
              ],
            },
          ],
        },
      ],
    },
    { slug: 'plain', access: { read: () => true }, fields: [{ name: 'name', type: 'text' }] },
  ],
  globals: [
    {
      slug: 'banner',
      access: { read: () => true, update: ({ req }) => isEditor(req.user) },
      fields: [
        { name: 'show', type: 'checkbox' },
        { name: 'text', type: 'text', admin: { condition: (data) => data.show === true } },
      ],
    },
  ],
}

const s = useServer(test, config, async (cms) => {
  for (const role of ['editor', 'reader'])
    await cms.create({
      collection: 'people',
      data: { email: `${role}@example.com`, password: `${role}-password`, role },
    })
  return cms.create({ collection: 'events', data: { title: 'Stored', url: 'https://e.test' } })
})

async function as(role: 'editor' | 'reader'): Promise<Record<string, string>> {
  const body = { email: `${role}@example.com`, password: `${role}-password` }
  const r = await s.request('POST', '/api/people/login', { body })
  return { authorization: `Bearer ${r.body.token}` }
}

test('every conditional field present in the data, by path: fields, layout, block rows', async (t) => {
  const headers = await as('editor')
  const data = {
    title: 'x',
    online: false,
    venue: 'Hall',
    sessions: [
      { blockType: 'talk', speaker: 'Ada' },
      { blockType: 'talk', speaker: '' },
    ],
  }
  const r = await s.request('POST', '/api/events/form-state', {
    headers,
    body: { data, id: s.data.id, operation: 'update' },
  })
  t.is(r.status, 200)
  t.deepEqual(r.body.conditions, {
    url: false,
    venue: true,
    city: true,
    'sessions.0.bio': true,
    'sessions.1.bio': false,
  })
  const online = await s.request('POST', '/api/events/form-state', {
    headers,
    body: { data: { online: true, sessions: [{ blockType: 'talk', speaker: 'Ada' }] } },
  })
  t.is(online.status, 200)
  // The row's condition holds for each field inside it; `operation` defaults to update.
  t.deepEqual(online.body.conditions, {
    url: true,
    venue: false,
    city: false,
    'sessions.0.bio': true,
  })
  const creating = await s.request('POST', '/api/events/form-state', {
    headers,
    body: { data: { sessions: [{ blockType: 'talk', speaker: 'Ada' }] }, operation: 'create' },
  })
  t.false(creating.body.conditions['sessions.0.bio'])
})

test('the data is neither validated nor stored', async (t) => {
  const before = await s.cms.count({ collection: 'events' })
  const r = await s.request('POST', '/api/events/form-state', {
    headers: await as('editor'),
    body: { data: { title: 42, online: 'yes', unknown: true }, operation: 'create' },
  })
  t.is(r.status, 200)
  t.deepEqual(r.body.conditions, { url: false, venue: true, city: false })
  t.deepEqual(await s.cms.count({ collection: 'events' }), before)
})

test('a global: its conditions with update access', async (t) => {
  const r = await s.request('POST', '/api/globals/banner/form-state', {
    headers: await as('editor'),
    body: { data: { show: true } },
  })
  t.is(r.status, 200)
  t.deepEqual(r.body.conditions, { text: true })
  const reader = await s.request('POST', '/api/globals/banner/form-state', {
    headers: await as('reader'),
    body: { data: { show: true } },
  })
  t.is(reader.status, 403)
})

test('anonymous callers get 401, callers without the access 403, bad bodies 400', async (t) => {
  const anonymous = await s.request('POST', '/api/events/form-state', { body: { data: {} } })
  t.is(anonymous.status, 401)
  const reader = await s.request('POST', '/api/events/form-state', {
    headers: await as('reader'),
    body: { data: {}, operation: 'create' },
  })
  t.is(reader.status, 403)
  const editor = await as('editor')
  const noData = await s.request('POST', '/api/events/form-state', {
    headers: editor,
    body: { operation: 'create' },
    invalid: 'data is required',
  })
  t.is(noData.status, 400)
  t.regex(JSON.stringify(noData.body), /data/)
  const badOperation = await s.request('POST', '/api/events/form-state', {
    headers: editor,
    body: { data: {}, operation: 'delete' },
    invalid: 'operation is create or update',
  })
  t.is(badOperation.status, 400)
  t.regex(JSON.stringify(badOperation.body), /operation/)
})

test('the route exists only where some field has a condition', async (t) => {
  const doc = compileOpenAPI(s.cms.config) as { paths: Record<string, unknown> }
  t.truthy(doc.paths['/events/form-state'])
  t.truthy(doc.paths['/globals/banner/form-state'])
  t.falsy(doc.paths['/plain/form-state'])
  t.falsy(doc.paths['/people/form-state'])
  const plain = await s.request('POST', '/api/plain/form-state', {
    headers: await as('editor'),
    body: { data: {} },
    direct: 'a route the contract does not have',
  })
  // The path reads as `/plain/{id}`, which takes no POST.
  t.is(plain.status, 405)
})
