import test from 'ava'
import { Ajv2020 } from 'ajv/dist/2020.js'
import exampleConfig from '../../cms.config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { Config } from '../../server/config/types.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { magazine, shop } from '../fixtures/contract-configs.ts'
import { customIdsConfig } from '../fixtures/custom-ids.ts'
import { joinsConfig } from '../fixtures/joins.ts'
import { newsroom } from '../fixtures/newsroom.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Issue 31: `links` between operations (create → read, update, duplicate, access, delete; login → me; a new
 * order → read, cancel) for stateful testers, and `examples` on the JSON-text query parameters built from each
 * collection's fields, valid against their `contentSchema` and accepted by a live server.
 */

type Schema = Record<string, any>
type Op = Schema & { operationId: string; parameters?: Schema[]; responses: Record<string, Schema> }
type Doc = { paths: Record<string, Record<string, Op>>; components: Record<string, any> }

const example = exampleConfig
const configs: [string, Config][] = [
  ['example', example],
  ['magazine', magazine],
  ['shop', shop],
  ['newsroom', newsroom],
  ['joins', joinsConfig],
  ['custom ids', customIdsConfig],
]
const compile = (config: Config) => compileOpenAPI(sanitizeConfig(config)) as unknown as Doc
const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  )
/** A parameter as declared, `$ref`s to shared parameters resolved. */
const resolve = (doc: Doc, p: Schema): Schema =>
  p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p
const JSON_PARAMS = ['where', 'select', 'populate', 'joins']

test('every link names an operation of the contract and parameters that operation takes', (t) => {
  for (const [name, config] of configs) {
    const doc = compile(config)
    const byId = new Map(operations(doc).map((o) => [o.op.operationId, o.op]))
    let links = 0
    for (const { op } of operations(doc))
      for (const response of Object.values(op.responses))
        for (const [linkName, link] of Object.entries((response.links ?? {}) as Schema)) {
          links++
          const target = byId.get(link.operationId)
          t.truthy(target, `${name}: ${op.operationId} → ${linkName}: ${link.operationId}`)
          for (const key of Object.keys(link.parameters)) {
            const [where, param] = key.includes('.') ? key.split('.') : ['path', key]
            const declared = (target!.parameters ?? [])
              .map((p) => resolve(doc, p))
              .some((p) => p.name === param && p.in === where)
            // `me` reads the Authorization header through its security schemes, not a parameter.
            t.true(
              declared || key === 'header.Authorization',
              `${name}: ${link.operationId} ${key}`,
            )
          }
        }
    t.true(links > 0, name)
  }
})

test('a create links to the by-id operations of its collection, a login to me, a new order to its reads', (t) => {
  const doc = compile(example)
  const links = (path: string, method: string, status: string) =>
    doc.paths[path][method].responses[status].links as Record<string, Schema>
  t.deepEqual(
    Object.fromEntries(Object.entries(links('/posts', 'post', '201')).map(([k, v]) => [k, v])),
    Object.fromEntries(
      [
        ['Read', 'findPostByID'],
        ['Update', 'updatePost'],
        ['Duplicate', 'duplicatePost'],
        ['Access', 'docAccessPost'],
        ['Delete', 'deletePost'],
      ].map(([k, id]) => [
        k,
        {
          operationId: id,
          description: `${k} the document just created, by its id.`,
          parameters: { id: '$response.body#/doc/id' },
        },
      ]),
    ),
  )
  t.deepEqual(links('/users/login', 'post', '200').Me.parameters, {
    'header.Authorization': 'Bearer {$response.body#/token}',
  })
  t.is(links('/users/login', 'post', '200').Me.operationId, 'meUser')
  t.deepEqual(
    Object.values(links('/v1/orders', 'post', '201')).map((l) => [
      l.operationId,
      l.parameters.order,
    ]),
    [
      ['v1GetOrder', '$response.body#/id'],
      ['v1CancelOrder', '$response.body#/id'],
    ],
  )
  // Every collection's create links to its read, update and delete.
  for (const c of sanitizeConfig(newsroom).collections) {
    const create = operations(compile(newsroom)).find(
      (o) => o.op['x-cms'].kind === 'create' && o.op['x-cms'].collection === c.slug,
    )!
    t.true(['Read', 'Update', 'Delete'].every((k) => k in create.op.responses['201'].links))
  }
})

test('JSON-text query parameters carry examples naming real fields, each valid against its contentSchema', (t) => {
  for (const [name, config] of configs) {
    const doc = compile(config)
    const ajv = new Ajv2020({ strict: false, validateFormats: false })
    ajv.addSchema(doc, 'contract')
    const params = [
      ...operations(doc).flatMap((o) => (o.op.parameters ?? []).map((p) => resolve(doc, p))),
      ...Object.values(doc.components.parameters as Record<string, Schema>),
    ].filter((p) => p.in === 'query' && JSON_PARAMS.includes(p.name))
    t.true(params.length > 0)
    for (const p of params) {
      const label = `${name}: ${p.name} (${p.schema.contentSchema.$ref})`
      t.false('example' in p, label)
      const values = Object.values((p.examples ?? {}) as Record<string, { value: string }>)
      t.true(values.length >= 2, label)
      const validate = ajv.getSchema(`contract${p.schema.contentSchema.$ref}`)!
      for (const { value } of values) {
        t.true(validate(JSON.parse(value)), `${label}: ${value} ${ajv.errorsText(validate.errors)}`)
        t.true(typeof value === 'string', label)
      }
    }
  }
  // Built from the collection's fields (the first one with operators of its own).
  const find = compile(example).paths['/posts'].get.parameters!
  const where = find.find((p) => p.name === 'where')!
  t.is(where.examples.field.value, '{"title":{"exists":true}}')
  const select = find.find((p) => p.name === 'select')!
  t.is(select.examples.field.value, '{"title":true}')
  const versions = compile(example).paths['/posts/versions'].get.parameters!
  t.is(
    versions.find((p) => p.name === 'select')!.examples.versionField.value,
    '{"parent":true,"version":{"title":true}}',
  )
  const bulk = compile(example).paths['/posts'].delete.parameters!.find((p) => p.name === 'where')!
  t.deepEqual(JSON.parse(bulk.examples.noMatch.value), { id: { equals: 0 } })
})

/** Every example of every JSON-text parameter sent to the operations that need no path parameter, and by id. */
function acceptsExamples(title: string, config: Config, admin: { slug: string; email: string }) {
  const s = useServer(test, config, async (cms) => {
    if (cms.config.seed) await cms.config.seed(cms)
    else await cms.create({ collection: admin.slug, data: { ...newsroomAdmin } })
    const ids: Record<string, number> = {}
    const { docs } = await cms.find({ collection: 'stories', limit: 1, depth: 0 }).catch(() => ({
      docs: [],
    }))
    if (docs[0]) ids.stories = docs[0].id as number
    return ids
  })
  test(title, async (t) => {
    const login = await s.request('POST', `/api/${admin.slug}/login`, {
      body: { email: admin.email, password: 'admin-password' },
    })
    t.is(login.status, 200)
    const headers = { authorization: `Bearer ${login.body.token}` }
    const doc = compileOpenAPI(s.cms.config) as unknown as Doc
    let sent = 0
    for (const { path, method, op } of operations(doc)) {
      if (method !== 'get' && !(method === 'delete' && !path.includes('{'))) continue
      if (path.includes('{') && !/^\/[\w-]+\/\{id\}$/.test(path)) continue
      const params = (op.parameters ?? []).map((p) => resolve(doc, p))
      const field = params.find((p) => p.name === 'field')?.schema.enum[0]
      let target = path
      if (path.includes('{id}')) {
        const slug = path.split('/')[1]
        const { docs } = await s.cms.find({ collection: slug, limit: 1, depth: 0 })
        if (!docs[0]) continue
        target = path.replace('{id}', String(docs[0].id))
      }
      for (const p of params.filter((p) => JSON_PARAMS.includes(p.name) && p.examples))
        for (const { value } of Object.values(p.examples as Record<string, { value: string }>)) {
          const query: Record<string, string> = { [p.name]: value, ...(field && { field }) }
          const res = await s.request(method.toUpperCase(), `/api${target}`, { query, headers })
          t.is(res.status, 200, `${method} ${target}?${p.name}=${value}: ${res.text}`)
          sent++
        }
    }
    t.true(sent > 20, String(sent))
  })
}
const newsroomAdmin = { email: 'admin@example.com', password: 'admin-password', name: 'Admin' }

acceptsExamples('the example app answers every example with 200 (as the admin)', example, {
  slug: 'users',
  email: 'admin@example.com',
})
acceptsExamples('the newsroom fixture answers every example with 200 (as the admin)', newsroom, {
  slug: 'editors',
  email: 'admin@example.com',
})
