/**
 * Field options of issue 19 (item 7), on every layer: Local, REST (every answer checked against the contract) and
 * GraphQL, on the database DATABASE_URL names.
 */
import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { compileSDL } from '../../server/contracts/graphql.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { Config } from '../../server/config/types.ts'
import { rejectsWith } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'
import { getCms } from '../../server/local/get-cms.ts'

const anyone = () => true
const open = { read: anyone, create: anyone, update: anyone, delete: anyone }

const config = defineConfig({
  collections: [
    {
      slug: 'people',
      labels: { singular: 'Person', plural: 'People' },
      access: open,
      fields: [
        // An unnamed group is presentational: first and last are top-level fields.
        {
          type: 'group',
          label: 'Name',
          fields: [
            { name: 'first', type: 'text', required: true },
            { name: 'last', type: 'text' },
          ],
        },
        {
          name: 'fullName',
          type: 'text',
          virtual: true,
          hooks: {
            afterRead: [
              ({ siblingData }) => `${String(siblingData.first)} ${String(siblingData.last)}`,
            ],
          },
        },
        {
          name: 'meta',
          type: 'group',
          fields: [
            { name: 'n', type: 'number' },
            {
              name: 'double',
              type: 'number',
              virtual: true,
              hooks: { afterRead: [({ siblingData }) => Number(siblingData.n) * 2] },
            },
          ],
        },
        {
          name: 'tags',
          type: 'array',
          fields: [
            { name: 'label', type: 'text' },
            {
              name: 'upper',
              type: 'text',
              virtual: true,
              hooks: { afterRead: [({ siblingData }) => String(siblingData.label).toUpperCase()] },
            },
          ],
        },
      ],
    },
    {
      slug: 'lists',
      access: open,
      fields: [
        { name: 'tags', type: 'text', hasMany: true, minRows: 2, maxRows: 3 },
        { name: 'scores', type: 'number', hasMany: true, maxRows: 2 },
        {
          name: 'kinds',
          type: 'select',
          hasMany: true,
          options: ['a', 'b', 'c'],
          minRows: 2,
          required: true,
        },
      ],
    },
    {
      slug: 'events',
      access: open,
      fields: [
        { name: 'at', type: 'date', timezone: true },
        {
          name: 'slot',
          type: 'date',
          timezone: {
            supportedTimezones: ['Europe/Paris', { value: 'America/New_York' }],
            defaultTimezone: 'Europe/Paris',
          },
        },
      ],
    },
    {
      slug: 'settings',
      access: open,
      fields: [
        {
          name: 'config',
          type: 'json',
          jsonSchema: {
            uri: 'a://b/settings.json',
            fileMatch: ['a://b/settings.json'],
            schema: {
              type: 'object',
              properties: { size: { type: 'integer', minimum: 1 }, mode: { enum: ['a', 'b'] } },
              required: ['size'],
              additionalProperties: false,
            },
          },
        },
      ],
    },
    {
      slug: 'categories',
      access: open,
      defaultPopulate: { name: true },
      fields: [
        { name: 'name', type: 'text' },
        { name: 'active', type: 'checkbox' },
      ],
    },
    {
      slug: 'articles',
      access: open,
      fields: [
        {
          name: 'category',
          type: 'relationship',
          relationTo: 'categories',
          filterOptions: { active: { equals: true } },
        },
        { name: 'wanted', type: 'text' },
        {
          name: 'picks',
          type: 'relationship',
          relationTo: ['categories', 'people'],
          hasMany: true,
          filterOptions: ({ relationTo, siblingData, user }) =>
            relationTo === 'people'
              ? { first: { equals: siblingData.wanted ?? 'Ada' } }
              : user === null || true,
        },
        {
          name: 'never',
          type: 'relationship',
          relationTo: 'categories',
          filterOptions: () => false,
        },
        {
          name: 'rows',
          type: 'array',
          fields: [
            { name: 'name', type: 'text' },
            {
              name: 'cat',
              type: 'relationship',
              relationTo: 'categories',
              filterOptions: ({ siblingData }) => ({ name: { equals: siblingData.name } }),
            },
          ],
        },
      ],
    },
  ],
})

const s = useServer(test, config, async (cms) => {
  const ada = await cms.create({
    collection: 'people',
    data: { first: 'Ada', last: 'Lovelace', meta: { n: 2 }, tags: [{ label: 'math' }] },
  })
  const on = await cms.create({ collection: 'categories', data: { name: 'on', active: true } })
  const off = await cms.create({ collection: 'categories', data: { name: 'off', active: false } })
  return { ada, on, off }
})

async function gql<T = any>(query: string): Promise<{ data?: T; errors?: any[] }> {
  const r = await s.request('POST', '/api/graphql', { body: { query } })
  return r.body
}

test('an unnamed group lifts its fields to the parent level on every layer and in the contracts', async (t) => {
  const { ada } = s.data
  t.is(ada.first, 'Ada')
  t.is(ada.last, 'Lovelace')
  t.false('Name' in ada)
  const rest = await s.request('POST', '/api/people', { body: { first: 'Grace', last: 'Hopper' } })
  t.is(rest.status, 201)
  t.is(rest.body.doc.first, 'Grace')
  const found = await s.request('GET', '/api/people', {
    query: { 'where[first][equals]': 'Grace' },
  })
  t.is(found.body.totalDocs, 1)
  t.is(found.body.docs[0].last, 'Hopper')
  const g = await gql(`{ People(where: { first: { equals: "Ada" } }) { docs { first last } } }`)
  t.deepEqual(g.data?.People.docs, [{ first: 'Ada', last: 'Lovelace' }])
  const doc = (compileOpenAPI(s.cms.config) as any).components.schemas.Person
  t.truthy(doc.properties.first)
  t.truthy(doc.properties.last)
  // Its fields are required as declared, at the top level.
  const missing = await s.request('POST', '/api/people', {
    body: { last: 'Nobody' },
    invalid: 'first is required',
  })
  t.is(missing.status, 400)
  t.is(missing.body.errors[0].data.errors[0].path, 'first')
})

test('an unnamed group takes only type, label and fields', (t) => {
  const e = t.throws(() =>
    sanitizeConfig({
      collections: [
        { slug: 'x', fields: [{ type: 'group', localized: true, fields: [] } as never] },
      ],
    } as Config),
  )
  t.regex(
    e?.message ?? '',
    /^collections\[x\]\.fields\[0\]\.localized is not supported: an unnamed group/,
  )
})

test('virtual fields are computed by afterRead hooks, at any depth, and ignored on writes', async (t) => {
  const { ada } = s.data
  t.is(ada.fullName, 'Ada Lovelace')
  t.is((ada.meta as any).double, 4)
  t.is((ada.tags as any)[0].upper, 'MATH')
  // A value sent for a virtual field is ignored (Payload does the same).
  const r = await s.request('POST', '/api/people', {
    body: { first: 'Alan', last: 'Turing', fullName: 'ignored', meta: { n: 5, double: 1 } },
  })
  t.is(r.status, 201)
  t.is(r.body.doc.fullName, 'Alan Turing')
  t.is(r.body.doc.meta.double, 10)
  const patched = await s.request('PATCH', `/api/people/${r.body.doc.id}`, {
    body: { fullName: 'still ignored', tags: [{ label: 'cs', upper: 'no' }] },
  })
  t.is(patched.status, 200)
  t.is(patched.body.doc.fullName, 'Alan Turing')
  t.is(patched.body.doc.tags[0].upper, 'CS')
  const local = await s.cms.findByID({ collection: 'people', id: r.body.doc.id })
  t.is(local.fullName, 'Alan Turing')
  // select keeps or drops it like a stored field.
  const sel = await s.request('GET', `/api/people/${ada.id}`, {
    query: { 'select[fullName]': 'true' },
  })
  t.deepEqual(sel.body, { id: ada.id, fullName: 'Ada Lovelace' })
  const g = await gql(`{ Person(id: ${ada.id}) { fullName meta { double } tags { upper } } }`)
  t.deepEqual(g.data?.Person, {
    fullName: 'Ada Lovelace',
    meta: { double: 4 },
    tags: [{ upper: 'MATH' }],
  })
})

test('a where or sort on a virtual field is a 400 QueryError naming the path', async (t) => {
  for (const path of ['fullName', 'meta.double', 'tags.upper']) {
    const local = s.cms.find({ collection: 'people', where: { [path]: { equals: 'x' } } })
    const e = await rejectsWith(t, local, 'QueryError', 400)
    t.is((e.data as { path: string }[])[0].path, path)
    t.regex(JSON.stringify(e.data), /virtual/)
    const r = await s.request('GET', '/api/people', {
      query: { [`where[${path}][equals]`]: 'x' },
    })
    t.is(r.status, 400)
    t.is(r.body.errors[0].name, 'QueryError')
  }
  const sorted = await s.request('GET', '/api/people', {
    query: { sort: '-fullName' },
    invalid: 'a virtual field is no sortable path',
  })
  t.is(sorted.status, 400)
  t.regex(JSON.stringify(sorted.body.errors[0].data), /virtual/)
  await rejectsWith(t, s.cms.find({ collection: 'people', sort: 'fullName' }), 'QueryError', 400)
})

test('the contracts show virtual fields as read-only output, untyped and ignored in inputs, absent from wheres', (t) => {
  const openapi = compileOpenAPI(s.cms.config) as any
  const schemas = openapi.components.schemas
  t.true(schemas.Person.properties.fullName.readOnly)
  const inputs = Object.entries(schemas).filter(([name]) =>
    /^Person\w*(Create|Update)Input$/.test(name),
  )
  t.true(inputs.length > 0)
  // Inputs refuse unknown keys (issue 31), and a write may send a virtual field, which is ignored: declared with
  // no type, so no value is refused.
  for (const [, schema] of inputs) {
    t.is((schema as any).additionalProperties, false)
    t.deepEqual(Object.keys((schema as any).properties.fullName), ['description'])
  }
  t.false('fullName' in schemas.PersonWhere.properties)
  const sdl = compileSDL(s.cms.config)
  t.regex(sdl, /type Person \{[^}]*fullName: String/)
  t.notRegex(sdl, /input mutationPersonInput \{[^}]*fullName/)
  t.notRegex(sdl, /input Person_where \{[^}]*fullName/)
})

test('virtual refuses the options of stored values', (t) => {
  for (const key of ['required', 'unique', 'index', 'defaultValue']) {
    const e = t.throws(() =>
      sanitizeConfig({
        collections: [
          { slug: 'x', fields: [{ name: 'v', type: 'text', virtual: true, [key]: true }] },
        ],
      } as Config),
    )
    t.regex(e?.message ?? '', new RegExp(`field "v": ${key} does not apply to a virtual field`))
  }
})

test('relationship filterOptions (a Where or a function) is enforced on every write, naming the path', async (t) => {
  const { on, off, ada } = s.data
  const ok = await s.request('POST', '/api/articles', {
    body: {
      category: on.id,
      picks: [
        { relationTo: 'categories', value: off.id },
        { relationTo: 'people', value: ada.id },
      ],
      rows: [{ name: 'off', cat: off.id }],
    },
  })
  t.is(ok.status, 201)
  t.is(ok.body.doc.category.id, on.id)
  // A related document outside the Where: 400 on the field's path, nothing written.
  const bad = await s.request('POST', '/api/articles', { body: { category: off.id } })
  t.is(bad.status, 400)
  t.is(bad.body.errors[0].name, 'ValidationError')
  t.like(bad.body.errors[0].data.errors[0], {
    path: 'category',
    message: `This field has the following invalid selections: ${off.id}`,
  })
  const stored = await s.cms.count({
    collection: 'articles',
    where: { category: { equals: off.id } },
  })
  t.is(stored.totalDocs, 0)
  // The function gets siblingData and relationTo (per collection of a polymorphic field) and runs in rows.
  const local = s.cms.create({
    collection: 'articles',
    data: {
      wanted: 'Nobody',
      picks: [{ relationTo: 'people', value: ada.id }],
      rows: [{ name: 'on', cat: off.id }],
      never: on.id,
    },
  })
  const e = await rejectsWith(t, local, 'ValidationError', 400)
  const errors = (e.data as { errors: { path: string; message: string }[] }).errors
  t.deepEqual(errors.map((x) => x.path).sort(), ['never', 'picks', 'rows.0.cat'])
  t.regex(errors.find((x) => x.path === 'picks')!.message, new RegExp(`${ada.id} \\(people\\)`))
  // Updates are checked too; a missing id keeps its own message, once.
  const patched = await s.request('PATCH', `/api/articles/${ok.body.doc.id}`, {
    body: { category: 99999 },
  })
  t.is(patched.status, 400)
  t.is(patched.body.errors[0].data.errors.length, 1)
  t.is(patched.body.errors[0].data.errors[0].path, 'category')
  const g = await gql(
    `mutation { updateArticle(id: ${ok.body.doc.id}, data: { category: ${off.id} }) { id } }`,
  )
  t.is(g.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
  t.is(g.errors?.[0].extensions?.data.errors[0].path, 'category')
})

test('filterOptions does not filter populated documents (as in Payload 3)', async (t) => {
  const later = await s.cms.create({
    collection: 'categories',
    data: { name: 'later', active: true },
  })
  const created = await s.cms.create({ collection: 'articles', data: { category: later.id } })
  await s.cms.update({ collection: 'categories', id: later.id, data: { active: false } })
  const read = await s.request('GET', `/api/articles/${created.id}`)
  t.is(read.body.category.id, later.id)
})

test('defaultPopulate selects the fields of populated documents unless the request populate names the collection', async (t) => {
  const { on } = s.data
  const article = await s.cms.create({ collection: 'articles', data: { category: on.id } })
  const rest = await s.request('GET', `/api/articles/${article.id}`, { query: { depth: '1' } })
  t.deepEqual(rest.body.category, { id: on.id, name: 'on' })
  const local = await s.cms.findByID({ collection: 'articles', id: article.id, depth: 1 })
  t.deepEqual(local.category, { id: on.id, name: 'on' })
  const listed = await s.request('GET', '/api/articles', {
    query: { 'where[id][equals]': String(article.id), depth: '1' },
  })
  t.deepEqual(listed.body.docs[0].category, { id: on.id, name: 'on' })
  // The request's populate wins.
  const asked = await s.request('GET', `/api/articles/${article.id}`, {
    query: { depth: '1', 'populate[categories][active]': 'true' },
  })
  t.deepEqual(asked.body.category, { id: on.id, active: true })
  // Direct reads of the collection are whole.
  const direct = await s.request('GET', `/api/categories/${on.id}`)
  t.is(direct.body.active, true)
  // GraphQL selects what the query asks for.
  const g = await gql(`{ Article(id: ${article.id}) { category { name active } } }`)
  t.deepEqual(g.data?.Article.category, { name: 'on', active: true })
})

test('a defaultPopulate that is not a select is a start-up error; a key naming no field selects nothing, as in Payload', async (t) => {
  const config = (defaultPopulate: unknown) => ({
    db: { url: 'sqlite::memory:' },
    collections: [
      { slug: 'c', defaultPopulate, fields: [{ name: 'a', type: 'text' }] },
      { slug: 'd', fields: [{ name: 'c', type: 'relationship', relationTo: 'c' }] },
    ],
  })
  const e = await t.throwsAsync(getCms({ config: config({ a: 'yes' }) as never }))
  t.is(e?.name, 'ConfigError')
  t.regex(e?.message ?? '', /collections\[c\]\.defaultPopulate/)
  t.regex(e?.message ?? '', /"a" must be true, false/)
  // templates/ecommerce's products name a field they lack: the start goes on, and the key selects nothing.
  const cms = await getCms({ config: config({ a: true, nope: true }) as never })
  try {
    const c = (await cms.create({ collection: 'c' as never, data: { a: 'x' } })) as { id: number }
    const d = (await cms.create({ collection: 'd' as never, data: { c: c.id } })) as { id: number }
    const read = (await cms.findByID({ collection: 'd' as never, id: d.id, depth: 1 })) as {
      c: unknown
    }
    t.deepEqual(read.c, { id: c.id, a: 'x' })
  } finally {
    await cms.destroy()
  }
})

test('minRows and maxRows bound hasMany text, number and select values on every layer', async (t) => {
  const ok = await s.request('POST', '/api/lists', {
    body: { tags: ['x', 'y'], scores: [1, 2], kinds: ['a', 'b'] },
  })
  t.is(ok.status, 201)
  // An empty list of a field that is not required passes, as in Payload.
  const empty = await s.request('POST', '/api/lists', { body: { tags: [], kinds: ['a', 'c'] } })
  t.is(empty.status, 201)
  const local = s.cms.create({
    collection: 'lists',
    data: { tags: ['x'], scores: [1, 2, 3], kinds: ['a', 'a'] },
  })
  const e = await rejectsWith(t, local, 'ValidationError', 400)
  t.deepEqual(
    (e.data as { errors: { path: string; message: string }[] }).errors.map((x) => [
      x.path,
      x.message,
    ]),
    [
      ['tags', '1 is less than the min allowed rows of 2.'],
      ['scores', '3 is greater than the max allowed rows of 2.'],
      // Duplicates of a hasMany select count once.
      ['kinds', '1 is less than the min allowed rows of 2.'],
    ],
  )
  const rest = await s.request('POST', '/api/lists', {
    body: { tags: ['a', 'b', 'c', 'd'], kinds: ['a', 'b'] },
    invalid: 'tags has more than maxRows values',
  })
  t.is(rest.status, 400)
  t.regex(JSON.stringify(rest.body.errors), /tags/)
  const patched = await s.request('PATCH', `/api/lists/${ok.body.doc.id}`, {
    body: { scores: [1, 2, 3] },
    invalid: 'scores has more than maxRows values',
  })
  t.is(patched.status, 400)
  const g = await gql(`mutation { createList(data: { tags: ["x"], kinds: [a, b] }) { id } }`)
  t.is(g.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
  t.is(g.errors?.[0].extensions?.data.errors[0].path, 'tags')
  const schemas = (compileOpenAPI(s.cms.config) as any).components.schemas
  const input = Object.entries(schemas).find(([n]) => /^List\w*CreateInput$/.test(n))?.[1] as any
  t.is(input.properties.tags.maxItems, 3)
  t.is(input.properties.kinds.minItems, 2)
})

test('minRows and maxRows need hasMany on text, number and select fields', (t) => {
  for (const type of ['text', 'number']) {
    const e = t.throws(() =>
      sanitizeConfig({
        collections: [{ slug: 'x', fields: [{ name: 'v', type, minRows: 1 }] }],
      } as Config),
    )
    t.regex(
      e?.message ?? '',
      new RegExp(`minRows only applies to a ${type} field with hasMany: true`),
    )
  }
})

test('a date with timezone keeps its zone in the companion field <name>_tz, as Payload 3', async (t) => {
  const created = await s.request('POST', '/api/events', {
    body: { at: '2026-03-01T09:00:00.000Z', at_tz: 'Asia/Tokyo', slot: '2026-03-02T10:00:00Z' },
  })
  t.is(created.status, 201)
  t.like(created.body.doc, {
    at: '2026-03-01T09:00:00.000Z',
    at_tz: 'Asia/Tokyo',
    slot: '2026-03-02T10:00:00.000Z',
    slot_tz: 'Europe/Paris',
  })
  const bad = s.cms.create({ collection: 'events', data: { at: '2026-01-01', at_tz: 'Mars/Base' } })
  const e = await rejectsWith(t, bad, 'ValidationError', 400)
  t.is((e.data as { errors: { path: string }[] }).errors[0].path, 'at_tz')
  const unsupported = await s.request('POST', '/api/events', {
    body: { slot: '2026-01-01', slot_tz: 'Asia/Tokyo' },
    invalid: 'slot_tz is not a supported zone',
  })
  t.is(unsupported.status, 400)
  t.regex(JSON.stringify(unsupported.body.errors), /slot_tz/)
  const found = await s.request('GET', '/api/events', {
    query: { 'where[at_tz][equals]': 'Asia/Tokyo' },
  })
  t.is(found.body.totalDocs, 1)
  const g = await gql(`{ Events { docs { at at_tz } } }`)
  t.deepEqual(g.data?.Events.docs, [{ at: '2026-03-01T09:00:00.000Z', at_tz: 'Asia/Tokyo' }])
  const schemas = (compileOpenAPI(s.cms.config) as any).components.schemas
  t.deepEqual(schemas.Event.properties.slot_tz.enum, ['Europe/Paris', 'America/New_York', null])
  t.truthy(schemas.Event.properties.at_tz)
})

test('timezone options are checked at start', (t) => {
  const start = (timezone: unknown) =>
    t.throws(() =>
      sanitizeConfig({
        collections: [{ slug: 'x', fields: [{ name: 'd', type: 'date', timezone }] }],
      } as Config),
    )?.message ?? ''
  t.regex(start({ supportedTimezones: ['Nowhere/Land'] }), /not an IANA time zone name/)
  t.regex(
    start({ supportedTimezones: ['UTC'], defaultTimezone: 'Europe/Paris' }),
    /not one of the supported time zones/,
  )
  t.regex(start({ zones: [] }), /timezone\.zones is not an option/)
})

test('a json field with jsonSchema accepts only matching values (400 naming the path) and shows the schema in the contract', async (t) => {
  const ok = await s.request('POST', '/api/settings', { body: { config: { size: 2, mode: 'a' } } })
  t.is(ok.status, 201)
  t.deepEqual(ok.body.doc.config, { size: 2, mode: 'a' })
  const local = s.cms.create({ collection: 'settings', data: { config: { size: 0, extra: 1 } } })
  const e = await rejectsWith(t, local, 'ValidationError', 400)
  const error = (e.data as { errors: { path: string; message: string }[] }).errors[0]
  t.is(error.path, 'config')
  t.regex(error.message, /does not match its JSON schema: .*size must be >= 1/)
  const rest = await s.request('PATCH', `/api/settings/${ok.body.doc.id}`, {
    body: { config: { mode: 'c' } },
    invalid: 'config does not match its jsonSchema',
  })
  t.is(rest.status, 400)
  t.regex(JSON.stringify(rest.body.errors), /config/)
  const g = await gql(`mutation { createSetting(data: { config: { size: "x" } }) { id } }`)
  t.is(g.errors?.[0].extensions?.data.errors[0].path, 'config')
  const schemas = (compileOpenAPI(s.cms.config) as any).components.schemas
  t.deepEqual(schemas.Setting.properties.config.required, ['size'])
  t.deepEqual(schemas.Setting.properties.config.type, ['object', 'null'])
})

test('a jsonSchema Ajv cannot compile is a start-up error', async (t) => {
  const e = await t.throwsAsync(
    getCms({
      config: {
        db: { url: 'sqlite::memory:' },
        collections: [
          {
            slug: 'c',
            fields: [{ name: 'j', type: 'json', jsonSchema: { schema: { type: 'nope' } } }],
          },
        ],
      },
    }),
  )
  t.is(e?.name, 'ConfigError')
  t.regex(e?.message ?? '', /field "j": jsonSchema\.schema is not a valid JSON Schema/)
})
