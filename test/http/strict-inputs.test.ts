import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { MAX_UNIT_PRICE } from '../../server/orders/representation.ts'
import { seededBearer, useServer } from '../helpers/http.ts'

/**
 * Issue 31 (Schemathesis), class 5: a required string the server refuses empty (or blank, where it trims), a
 * password shorter than the server takes and a unit price past the largest one are refused by the contract
 * ("Invalid request: …", the contract validator), not first by a handler after the contract let them through.
 */
process.env.PAYMENTS_WEBHOOK_SECRET = 'test-webhook-secret'
const s = useServer(test, { ...exampleConfig, email: { sendEmail: () => {} } }, (cms) =>
  cms.config.seed!(cms),
)

const as = seededBearer(s)

/**
 * A refusal by the contract validator naming `field`: its messages are the schema's ("must NOT have fewer than 1
 * characters", "must match pattern", "must be <= …"), where a handler says "This field is required." A body
 * refused by the contract is a 400 ValidationError on CMS routes and a 422 problem on the orders API.
 */
function refusedByContract(
  t: any,
  r: { status: number; body: any },
  field: string,
  what: string,
  status = 400,
) {
  t.is(r.status, status, what)
  const errors: { path: string; message: string }[] =
    r.body.errors?.[0]?.data?.errors ?? r.body.errors ?? []
  t.true(
    errors.some(
      (e) => new RegExp(field).test(`${e.path} ${e.message}`) && /^must /.test(e.message),
    ),
    `${what}: ${JSON.stringify(r.body)}`,
  )
}

test('the create and update inputs declare minLength 1 on required text fields, drafts included', (t) => {
  const schemas = (compileOpenAPI(s.cms.config) as any).components.schemas
  for (const input of ['CategoryCreateInput', 'CategoryUpdateInput']) {
    t.is(schemas[input].properties.name.minLength, 1, input)
    t.is(schemas[input].properties.slug.minLength, 1, input)
    t.is(schemas[input].properties.description.minLength, undefined, `${input}: not required`)
  }
  t.is(schemas.UserCreateInput.properties.email.minLength, 1)
  t.is(schemas.UserCreateInput.properties.roles.minItems, 1, 'a required list refuses []')
  // Posts have drafts: the body states a save without draft=true, where a required field binds.
  t.is(schemas.PostCreateInput.properties.title.minLength, 1)
})

test('an empty required text field is refused by the contract on create and update; a draft may leave it empty', async (t) => {
  const admin = await as('admin')
  refusedByContract(
    t,
    await s.request('POST', '/api/categories', {
      body: { name: '', slug: '' },
      headers: admin,
      invalid: 'empty required strings',
    }),
    'name',
    'create',
  )
  const made = await s.request('POST', '/api/categories', {
    body: { name: 'Strict', slug: 'strict' },
    headers: admin,
  })
  t.is(made.status, 201)
  refusedByContract(
    t,
    await s.request('PATCH', `/api/categories/${made.body.doc.id}`, {
      body: { slug: '' },
      headers: admin,
      invalid: 'an empty required string',
    }),
    'slug',
    'update',
  )
  t.is((await s.cms.findByID({ collection: 'categories', id: made.body.doc.id })).slug, 'strict')
  const draft = await s.request('POST', '/api/posts', {
    query: { draft: 'true' },
    body: { title: '', slug: 'empty-draft' },
    headers: admin,
    invalid: 'a draft save (draft=true) may leave a required field empty',
  })
  t.is(draft.status, 201)
  t.is(draft.body.doc.title, '')
})

test('login, forgot-password, unlock and reset-password: blank names, empty passwords and tokens, short new passwords are refused by the contract', async (t) => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['/api/users/login', { email: '', password: 'admin-password' }, 'email'],
    ['/api/users/login', { email: ' \t ', password: 'admin-password' }, 'email'],
    ['/api/users/login', { email: 'admin@example.com', password: '' }, 'password'],
    ['/api/users/forgot-password', { email: '   ' }, 'email'],
    ['/api/users/reset-password', { token: '', password: 'long-enough' }, 'token'],
    ['/api/users/reset-password', { token: 'abc', password: 'short' }, 'password'],
  ]
  for (const [path, body, field] of cases)
    refusedByContract(
      t,
      await s.request('POST', path, { body, invalid: 'blank or short, on purpose' }),
      field,
      `${path} ${JSON.stringify(body)}`,
    )
  refusedByContract(
    t,
    await s.request('POST', '/api/users/unlock', {
      body: { email: ' ' },
      headers: await as('admin'),
      invalid: 'a blank email',
    }),
    'email',
    'unlock',
  )
  // A name with spaces around it is trimmed by the server, and the contract lets it through.
  const login = await s.request('POST', '/api/users/login', {
    body: { email: ' admin@example.com ', password: 'admin-password' },
  })
  t.is(login.status, 200)
})

test('unit_price declares its maximum: past it the contract refuses (422), the maximum itself is an exact order', async (t) => {
  const alice = await as('alice')
  const order = (unit_price: number, quantity = 1, count = 1) =>
    s.request('POST', '/api/v1/orders', {
      body: {
        items: Array.from({ length: count }, (_, i) => ({
          product: `P${i}`,
          quantity,
          unit_price,
        })),
      },
      headers: alice,
      invalid: unit_price > MAX_UNIT_PRICE ? 'a price past the maximum' : undefined,
    })
  for (const price of [1e16, MAX_UNIT_PRICE + 0.01]) {
    const r = await order(price)
    t.regex(r.headers.get('content-type') ?? '', /application\/problem\+json/)
    refusedByContract(t, r, `unit_price must be <= ${MAX_UNIT_PRICE}`, String(price), 422)
  }
  const one = await order(MAX_UNIT_PRICE)
  t.is(one.status, 201)
  t.is(one.body.data.total_amount, MAX_UNIT_PRICE)
  // The largest order the contract allows: 100 items of 10,000 at the largest price, summed exactly.
  const largest = await order(MAX_UNIT_PRICE - 0.01, 10_000, 100)
  t.is(largest.status, 201)
  t.is(largest.body.data.total_amount, (MAX_UNIT_PRICE * 100 - 1) * 10_000)
})

test("drafts: required fields bind every save but a draft save (draft=true), as Payload's create and update", async (t) => {
  const input = (compileOpenAPI(s.cms.config) as any).components.schemas.PostCreateInput
  t.deepEqual(input.required, ['title', 'slug'])
  t.is(input.if, undefined)
  const admin = await as('admin')
  // Without draft=true, even with `_status: 'draft'` (or the default draft status), required fields bind.
  for (const body of [{ excerpt: 'bare' }, { excerpt: 'bare', _status: 'draft' }]) {
    const r = await s.request('POST', '/api/posts', {
      body,
      headers: admin,
      invalid: 'a post without its required fields, saved without draft=true',
    })
    refusedByContract(t, r, 'title', `create ${JSON.stringify(body)}`)
  }
  // A draft save may leave them out.
  const draft = await s.request('POST', '/api/posts', {
    query: { draft: 'true' },
    body: { excerpt: 'bare' },
    headers: admin,
    invalid: 'a draft save (draft=true) may leave required fields out',
  })
  t.is(draft.status, 201)
  t.is(draft.body.doc._status, 'draft')
  t.is(draft.body.doc.title, null)
  // Publishing needs them, with draft=true too (the Local layer's check, after the contract's relaxed one).
  const published = await s.request('POST', '/api/posts', {
    query: { draft: 'true' },
    body: { _status: 'published', excerpt: 'bare' },
    headers: admin,
    invalid: 'a published post without its required fields',
  })
  t.is(published.status, 400)
  t.deepEqual(published.body.errors[0].data.errors.map((e: { path: string }) => e.path).sort(), [
    'slug',
    'title',
  ])
  t.is(
    (await s.cms.count({ collection: 'posts', where: { excerpt: { equals: 'bare' } } })).totalDocs,
    1,
  )
  // An update without draft=true checks the document it becomes; a draft update does not.
  const id = draft.body.doc.id
  const edit = await s.request('PATCH', `/api/posts/${id}`, {
    body: { excerpt: 'still bare' },
    headers: admin,
  })
  t.is(edit.status, 400)
  const draftEdit = await s.request('PATCH', `/api/posts/${id}`, {
    query: { draft: 'true' },
    body: { excerpt: 'still bare' },
    headers: admin,
  })
  t.is(draftEdit.status, 200)
  const complete = await s.request('PATCH', `/api/posts/${id}`, {
    body: { _status: 'published', title: 'Now complete', slug: 'now-complete' },
    headers: admin,
  })
  t.is(complete.status, 200)
  t.is(complete.body.doc._status, 'published')
})

test('a unique value already taken is Payload’s 400 ValidationError "Value must be unique" on its path, declared on every write', async (t) => {
  const admin = await as('admin')
  const doc = (compileOpenAPI(s.cms.config) as any).paths
  for (const [path, method] of [
    ['/categories', 'post'],
    ['/categories', 'patch'],
    ['/categories/{id}', 'patch'],
    ['/categories/{id}/duplicate', 'post'],
  ]) {
    t.truthy(doc[path][method].responses['400'], `${method} ${path}`)
    // Payload answers 400 (its drizzle adapter's handleUpsertError), not a conflict.
    t.is(doc[path][method].responses['409'], undefined, `${method} ${path}`)
  }
  const body = { name: 'Taken', slug: 'taken' }
  t.is((await s.request('POST', '/api/categories', { body, headers: admin })).status, 201)
  const again = await s.request('POST', '/api/categories', { body, headers: admin })
  t.is(again.status, 400)
  t.like(again.body.errors[0], {
    name: 'ValidationError',
    message: 'The following field is invalid: slug',
  })
  t.deepEqual(again.body.errors[0].data.errors, [
    { message: 'Value must be unique', path: 'slug', label: 'slug' },
  ])
  const gql = await s.request('POST', '/api/graphql', {
    body: { query: 'mutation { createCategory(data: { name: "Taken", slug: "taken" }) { id } }' },
    headers: admin,
  })
  t.is(gql.body.errors[0].extensions.code, 'BAD_USER_INPUT')
})
