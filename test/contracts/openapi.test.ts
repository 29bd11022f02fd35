import SwaggerParser from '@apidevtools/swagger-parser'
import test from 'ava'
import { readFile } from 'node:fs/promises'
import { loadConfig } from '../../server/config/load.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { magazine, shop } from '../fixtures/contract-configs.ts'

type Doc = {
  paths: Record<string, Record<string, Op>>
  components: {
    schemas: Record<string, Schema>
    parameters: Record<string, Schema>
    securitySchemes: Record<string, unknown>
  }
  servers: { url: string }[]
}
type Op = {
  operationId: string
  summary?: string
  description?: string
  parameters?: Schema[]
  requestBody?: Schema
  responses: Record<string, unknown>
  'x-cms': { kind: string }
}
type Schema = Record<string, any>

const compile = (c: Parameters<typeof sanitizeConfig>[0]) =>
  compileOpenAPI(sanitizeConfig(c)) as unknown as Doc
const ops = (doc: Doc) => Object.values(doc.paths).flatMap((item) => Object.values(item))

test('the committed contract is what the example config compiles to, and a real validator accepts it', async (t) => {
  const committed = JSON.parse(await readFile('contracts/openapi.json', 'utf8'))
  t.deepEqual(committed, compileOpenAPI(await loadConfig()))
  await t.notThrowsAsync(SwaggerParser.validate(structuredClone(committed)))
})

test('fixture contracts validate; operation ids are unique and every operation says what serves it', async (t) => {
  for (const config of [magazine, shop]) {
    const doc = compile(config)
    await t.notThrowsAsync(SwaggerParser.validate(structuredClone(doc) as never))
    const ids = ops(doc).map((o) => o.operationId)
    t.is(new Set(ids).size, ids.length)
    t.true(ops(doc).every((o) => typeof o['x-cms'].kind === 'string'))
  }
})

test('names follow labels; a dashed slug keeps its path; auth, globals and custom endpoints are listed', (t) => {
  const doc = compile(magazine)
  const byId = new Map(ops(doc).map((o) => [o.operationId, o]))
  for (const id of [
    'findArticles',
    'findArticleByID',
    'countArticles',
    'createArticle',
    'updateArticle',
    'updateArticles',
    'deleteArticle',
    'deleteArticles',
    'loginMember',
    'logoutMember',
    'meMember',
    'refreshTokenMember',
    'forgotPasswordMember',
    'resetPasswordMember',
    'findHomePage',
    'updateHomePage',
    'postArticleIdLike',
    'articleStats',
    'getPing',
    'health',
  ])
    t.true(byId.has(id), id)
  t.truthy(doc.paths['/blog-posts/{id}'].patch)
  t.truthy(doc.paths['/blog-posts/{id}/like'].post)
  t.truthy(doc.paths['/globals/home-page'].post)
  t.deepEqual(Object.keys(doc.components.securitySchemes).sort(), [
    'bearerAuth',
    'cookieAuth',
    'jwtAuth',
  ])
  t.deepEqual(doc.servers, [{ url: '/api' }])
  t.deepEqual(compile(shop).servers, [{ url: '/content' }])
  // A custom endpoint without schemas is still listed, answering any JSON, at 200 or at any other status (its
  // handler's own errors, or the CMS's error body).
  t.deepEqual(Object.keys(byId.get('postArticleIdLike')!.responses), [
    '200',
    '400',
    '431',
    'default',
  ])
  t.deepEqual(byId.get('postArticleIdLike')!.responses['200'], {
    description: 'Whatever the handler answers (this endpoint declares no schema)',
    content: { 'application/json': { schema: {} } },
  })
  t.deepEqual((byId.get('postArticleIdLike')!.responses.default as { content: unknown }).content, {
    'application/json': { schema: {} },
  })
  t.truthy(byId.get('articleStats')!.responses['200'])
})

test('create inputs require what the config requires; updates require nothing; hidden fields never appear', (t) => {
  const { schemas } = compile(magazine).components
  // headline is localized: required in whichever locale the create writes.
  t.deepEqual(schemas.ArticleCreateInput.required, ['headline', 'writer'])
  t.is(schemas.ArticleUpdateInput.required, undefined)
  t.deepEqual(schemas.ArticleCreateInput.properties.kind.enum, ['news', 'opinion', 'long-read'])
  t.deepEqual(schemas.ArticleCreateInput.properties.rating, {
    type: ['number', 'null'],
    minimum: 0,
    maximum: 5,
  })
  t.deepEqual(schemas.MemberCreateInput.required, ['email', 'displayName', 'password'])
  t.true(schemas.MemberCreateInput.properties.password.writeOnly)
  for (const secret of [
    'password',
    'hash',
    'salt',
    'loginAttempts',
    'lockUntil',
    'resetPasswordToken',
    'resetPasswordExpiration',
  ])
    t.false(secret in schemas.Member.properties, secret)
  t.false('secretNote' in schemas.Member.properties)
  t.false('secretNote' in schemas.MemberCreateInput.properties)
  // With drafts too the body requires them (a save without draft=true, as in Payload); the draft parameter says
  // what a draft save relaxes.
  const shopContract = compile(shop)
  t.deepEqual(shopContract.components.schemas.ProductCreateInput.required, ['sku', 'price'])
  t.is(shopContract.components.schemas.ProductCreateInput.if, undefined)
  t.regex(
    shopContract.components.parameters.draft.description,
    /may leave out, or send empty, the fields the body schema marks required/,
  )
})

test('read schemas: relations are id or document, interfaceName makes components, localized values may be locale maps', (t) => {
  const { schemas } = compile(magazine).components
  const writer = schemas.Article.properties.writer
  t.deepEqual(writer, {
    anyOf: [{ type: 'integer', minimum: 1 }, { $ref: '#/components/schemas/Member' }],
  })
  t.deepEqual(schemas.Article.properties.topics.type, ['array', 'null'])
  t.is(schemas.Article.properties.topics.items.anyOf[1].$ref, '#/components/schemas/Topic')
  t.deepEqual(schemas.Article.properties.featured.properties.relationTo.enum, ['topics', 'members'])
  t.truthy(schemas.ArticleMeta)
  t.truthy(schemas.TextBlock)
  t.is(schemas.TextBlock.properties.blockType.const, 'text')
  t.truthy(schemas.Article.properties.headline.anyOf.find((s: Schema) => s.type === 'object'))
  t.deepEqual(schemas.Article.required, ['id'])
  t.truthy(compile(shop).components.schemas.Variant)
  // A versioned collection's read schema keeps its id (the version schema's copy has none).
  t.deepEqual(compile(shop).components.schemas.Product.properties.id, {
    type: 'integer',
    minimum: 1,
  })
  t.false('id' in compile(shop).components.schemas.ProductVersion.properties.version.properties)
})

test('where, select and populate are JSON-text parameters typed by acyclic per-collection schemas', (t) => {
  const doc = compile(magazine)
  const find = doc.paths['/blog-posts'].get
  const param = (name: string) => find.parameters!.find((p) => p.name === name)!
  const json = (name: string) => ({
    type: 'string',
    contentMediaType: 'application/json',
    contentSchema: { $ref: `#/components/schemas/${name}` },
  })
  t.deepEqual(param('where').schema, json('ArticleWhere'))
  t.deepEqual(param('select').schema, json('ArticleSelect'))
  t.deepEqual(doc.components.parameters.populate.schema, json('Populate'))
  t.is(JSON.parse(param('where').examples.any.value).id.exists, true)

  // and/or unroll one level per nesting, to the server's limit (6 levels); the last has none.
  const schema = doc.components.schemas.ArticleWhere
  t.deepEqual(schema.properties.or, {
    type: 'array',
    items: { $ref: '#/components/schemas/ArticleWhereDepth1' },
  })
  t.deepEqual(doc.components.schemas.ArticleWhereDepth4.properties.and.items, {
    $ref: '#/components/schemas/ArticleWhereDepth5',
  })
  const last = doc.components.schemas.ArticleWhereDepth5
  t.false('and' in last.properties || 'or' in last.properties)
  t.deepEqual(last.properties['meta.canonical'], schema.properties['meta.canonical'])
  t.false('ArticleWhereDepth6' in doc.components.schemas)
  t.false('AND' in schema.properties) // GraphQL's name; REST takes and/or
  t.deepEqual(schema.properties.kind.properties.equals.enum, ['news', 'opinion', 'long-read', null])
  t.deepEqual(schema.properties['meta.canonical'], { $ref: '#/components/schemas/WhereText' })
  t.deepEqual(schema.properties.where, { $ref: '#/components/schemas/WherePoint' })
  // No other key (issue 31): paths the contract cannot enumerate (through a relationship, into json) match a
  // pattern with WhereAny; `__` spells a dotted path too (GraphQL's form).
  t.is(schema.additionalProperties, false)
  t.is(last.additionalProperties, false)
  t.deepEqual(schema.properties['meta__canonical'], schema.properties['meta.canonical'])
  const patterns = Object.keys(schema.patternProperties)
  const matches = (key: string) => patterns.some((p) => new RegExp(p, 'u').test(key))
  t.true(matches('writer.email'), 'through the writer relationship')
  t.true(matches('writer__email'))
  t.false(matches('headline.x'), 'a text field has no subpaths')
  t.false(matches('nowhere'))

  // Select lists the fields (groups, arrays, blocks one level down); populate a select per collection.
  const select = doc.components.schemas.ArticleSelect
  t.deepEqual(select.properties.headline, { type: 'boolean' })
  t.is(select.additionalProperties, false)
  t.true(select.properties.meta.anyOf[1].properties.canonical.type === 'boolean')
  t.deepEqual(doc.components.schemas.Populate.properties.topics, {
    $ref: '#/components/schemas/TopicSelect',
  })

  const names = find.parameters!.map((p) => p.name ?? p.$ref)
  for (const p of ['depth', 'limit', 'page', 'populate', 'locale', 'fallbackLocale'])
    t.true(names.includes(`#/components/parameters/${p}`), p)
  // sort is per collection: a pattern over its sortable paths (issue 31).
  const sort = find.parameters!.find((p) => p.name === 'sort') as Record<string, any>
  t.true(sort['x-cms-sortable'].includes('headline'))
  t.true(new RegExp(sort.schema.pattern).test('-headline, id'))
  t.false(new RegExp(sort.schema.pattern).test('nope'))
  t.deepEqual(doc.components.parameters.locale.schema.enum, ['en', 'fr', 'all', '*'])
  t.is(doc.components.parameters.fallbackLocale.name, 'fallback-locale')
  t.true(
    compile(shop).paths['/products'].get.parameters!.some(
      (p) => p.$ref === '#/components/parameters/draft',
    ),
  )
})

/** Names of the component schemas that reach themselves through `$ref`s. */
function cyclic(doc: Doc): string[] {
  const schemas = doc.components.schemas
  const refs = (node: unknown, out: Set<string>): Set<string> => {
    if (Array.isArray(node)) node.forEach((n) => refs(n, out))
    else if (node && typeof node === 'object') {
      const r = (node as { $ref?: string }).$ref
      if (r?.startsWith('#/components/schemas/')) out.add(r.slice('#/components/schemas/'.length))
      Object.values(node).forEach((n) => refs(n, out))
    }
    return out
  }
  return Object.keys(schemas).filter((start) => {
    const seen = new Set<string>()
    const queue = [...refs(schemas[start], new Set())]
    while (queue.length) {
      const name = queue.pop()!
      if (name === start) return true
      if (seen.has(name)) continue
      seen.add(name)
      queue.push(...refs(schemas[name], new Set()))
    }
    return false
  })
}

test('no schema refers to itself: self-relating documents are typed to the default depth, then loosely', async (t) => {
  const example = compileOpenAPI(await loadConfig()) as unknown as Doc
  for (const doc of [example, compile(magazine), compile(shop)]) t.deepEqual(cyclic(doc), [])
  // posts relate to posts (related): Post, PostDepth1, PostDepth2 (defaultDepth 2), then a loose document.
  const s = example.components.schemas
  t.deepEqual(s.Post.properties.related.items.anyOf[1], {
    $ref: '#/components/schemas/PostDepth1',
  })
  t.truthy(s.PostDepth2)
  t.false('PostDepth3' in s)
  t.deepEqual(s.PostDepth2.properties.related.items.anyOf[1], {
    $ref: '#/components/schemas/PopulatedDocument',
  })
  t.deepEqual(s.PopulatedDocument.required, ['id'])
})

test("custom endpoints declare the CMS's own errors around the handler, and their fragment on top", (t) => {
  const doc = compile(magazine)
  const like = doc.paths['/blog-posts/{id}/like'].post
  // The CMS's own answers around the handler: 401 for a credential that does not authenticate (unless the
  // fragment says `security: []`), no 404; 431: any request can meet the HTTP parser's size limit
  // (server/http/client-error.ts).
  // Without a fragment the handler may answer anything: any JSON at 200, 400 (its own, or the CMS's error body)
  // and every other status (`default`); only the parser's 431 is the CMS's alone.
  t.deepEqual(Object.keys(like.responses).sort(), ['200', '400', '431', 'default'])
  t.deepEqual((like.responses.default as { content: unknown }).content, {
    'application/json': { schema: {} },
  })
  t.deepEqual(
    like.parameters!.map((p) => p.name),
    ['id'],
  )
  const withFragment = compile({
    ...magazine,
    endpoints: [
      {
        path: '/search',
        method: 'get',
        handler: () => Response.json([]),
        openapi: {
          summary: 'Search',
          description: 'Full-text search over articles',
          parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }],
          responses: {
            200: {
              description: 'Hits',
              content: { 'application/json': { schema: { type: 'array' } } },
            },
          },
        },
      },
    ],
  })
  const search = withFragment.paths['/search'].get
  t.is(search.summary, 'Search')
  t.is(search.description, 'Full-text search over articles')
  t.deepEqual(
    search.parameters!.map((p) => p.name),
    ['q'],
  )
  t.deepEqual(Object.keys(search.responses).sort(), ['200', '400', '401', '431', '500', '503'])
  t.is((search.responses['200'] as Schema).description, 'Hits')
  // The contract files and pages declare their errors too.
  for (const [p, method] of [
    ['/openapi.json', 'get'],
    ['/docs', 'get'],
    ['/health', 'get'],
  ] as const)
    t.truthy(doc.paths[p][method].responses['500'], p)
  t.truthy(doc.paths['/openapi.json'].get.responses['404'])
})

test('every operation has a summary, a description and declared tags', async (t) => {
  for (const doc of [
    compile(magazine),
    compile(shop),
    compileOpenAPI(await loadConfig()) as unknown as Doc,
  ]) {
    const declared = new Set(
      ((doc as unknown as { tags: { name: string }[] }).tags ?? []).map((g) => g.name),
    )
    for (const op of ops(doc)) {
      t.truthy(op.summary, op.operationId)
      t.truthy(op.description, op.operationId)
      const tags = (op as unknown as { tags?: string[] }).tags ?? []
      t.true(tags.length > 0 && tags.every((g) => declared.has(g)), op.operationId)
    }
  }
})

test('every operation declares its error responses', (t) => {
  const doc = compile(magazine)
  const get = doc.paths['/blog-posts/{id}'].get.responses
  for (const code of ['200', '400', '401', '403', '404', '500']) t.truthy(get[code], code)
  t.truthy(doc.paths['/members/login'].post.responses['429'])
  t.truthy(doc.paths['/blog-posts'].post.responses['201'])
})

test('the orders API of the example lives in the same document with problem+json errors', async (t) => {
  const doc = compileOpenAPI(await loadConfig()) as unknown as Doc
  const cancel = doc.paths['/v1/orders/{order}/cancel'].post
  t.is(cancel.operationId, 'v1CancelOrder')
  for (const code of ['401', '403', '404', '409'])
    t.deepEqual(cancel.responses[code], { $ref: `#/components/responses/Problem${code}` })
  t.deepEqual(doc.components.schemas.V1OrderInput.required, ['items'])
  // Regression (found by the equivalence property test): an optional select may read as null.
  t.deepEqual(doc.components.schemas.Post.properties.status.type, ['string', 'null'])
  t.true(doc.components.schemas.Post.properties.status.enum.includes(null))
  t.false(doc.components.schemas.V1OrderInput.additionalProperties)
})
