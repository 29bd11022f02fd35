import test from 'ava'
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isNonNullType,
  isObjectType,
  type GraphQLSchema,
} from 'graphql'
import { readFile } from 'node:fs/promises'
import { loadConfig } from '../../server/config/load.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { compileDocuments } from '../../server/contracts/documents.ts'
import { compileSDL, enumValueName } from '../../server/contracts/graphql.ts'
import { magazine, shop } from '../fixtures/contract-configs.ts'
import { parse, validate } from 'graphql'

const schemaOf = (c: Parameters<typeof sanitizeConfig>[0]): GraphQLSchema =>
  buildSchema(compileSDL(sanitizeConfig(c)))

test('the committed SDL is what the example compiles to, and it builds', async (t) => {
  const sdl = await readFile('contracts/schema.graphql', 'utf8')
  t.is(sdl, compileSDL(await loadConfig()))
  const schema = buildSchema(sdl)
  const q = schema.getQueryType()!.getFields()
  for (const name of [
    'Post',
    'Posts',
    'countPosts',
    'User',
    'meUser',
    'SiteSetting',
    'Tracking',
    'allTracking',
    'countallTracking',
  ])
    t.truthy(q[name], name)
  const m = schema.getMutationType()!.getFields()
  for (const name of [
    'createPost',
    'updatePost',
    'deletePost',
    'loginUser',
    'logoutUser',
    'refreshTokenUser',
    'forgotPasswordUser',
    'resetPasswordUser',
    'updateSiteSetting',
  ])
    t.truthy(m[name], name)
})

test('names follow labels; lists return docs, totalDocs and the other page fields', (t) => {
  const schema = schemaOf(magazine)
  const q = schema.getQueryType()!.getFields()
  // As Payload, every collection's reads take draft (issue 19); it reads drafts only with versions.drafts.
  t.deepEqual(
    q.Article.args.map((a) => a.name),
    ['id', 'draft', 'trash', 'locale', 'fallbackLocale'],
  )
  t.deepEqual(
    q.Articles.args.map((a) => a.name),
    ['where', 'limit', 'page', 'pagination', 'sort', 'draft', 'trash', 'locale', 'fallbackLocale'],
  )
  const list = schema.getType('Articles')
  t.true(isObjectType(list))
  if (isObjectType(list))
    t.deepEqual(Object.keys(list.getFields()), [
      'docs',
      'totalDocs',
      'limit',
      'totalPages',
      'page',
      'pagingCounter',
      'hasPrevPage',
      'hasNextPage',
      'prevPage',
      'nextPage',
    ])
  t.truthy(q.countArticles)
  t.truthy(q.HomePage)
  const m = schema.getMutationType()!.getFields()
  t.deepEqual(
    m.loginMember.args.map((a) => [a.name, String(a.type)]),
    [
      ['email', 'String!'],
      ['password', 'String!'],
    ],
  )
  t.truthy(m.updateHomePage)
  t.deepEqual(
    schemaOf(shop)
      .getQueryType()!
      .getFields()
      .Products.args.map((a) => a.name),
    ['where', 'limit', 'page', 'pagination', 'sort', 'draft', 'trash'],
  )
})

test('create inputs are non-null where the config requires, update inputs never; hidden fields are absent', (t) => {
  const schema = schemaOf(magazine)
  const create = schema.getType('mutationArticleInput')
  const update = schema.getType('mutationArticleUpdateInput')
  if (!isInputObjectType(create) || !isInputObjectType(update)) return t.fail()
  t.true(isNonNullType(create.getFields().writer.type))
  t.false(isNonNullType(create.getFields().subtitle.type))
  t.false(isNonNullType(create.getFields().kind.type), 'a default makes it optional')
  t.false(Object.values(update.getFields()).some((f) => isNonNullType(f.type)))
  const member = schema.getType('Member')
  if (isObjectType(member)) t.false('secretNote' in member.getFields())
})

test('where inputs: AND/OR, enum operator values for select fields, group paths with __', (t) => {
  const schema = schemaOf(magazine)
  const where = schema.getType('Article_where')
  if (!isInputObjectType(where)) return t.fail()
  const fields = where.getFields()
  t.is(String(fields.AND.type), '[Article_where!]')
  t.is(String(fields.OR.type), '[Article_where!]')
  t.truthy(fields.meta__canonical)
  const kind = schema.getType(String(fields.kind.type))
  if (!isInputObjectType(kind)) return t.fail()
  const e = schema.getType(String(kind.getFields().equals.type))
  t.true(isEnumType(e))
  if (isEnumType(e))
    t.deepEqual(
      e.getValues().map((v) => v.name),
      ['news', 'opinion', 'long_read'],
    )
  t.is(enumValueName('long-read'), 'long_read')
  t.is(enumValueName('1st'), '_1st')
})

test('blocks are unions of their block types; interfaceName names the type', (t) => {
  const schema = schemaOf(magazine)
  const body = schema.getType('Article_Body')
  t.is(String(body?.astNode?.kind), 'UnionTypeDefinition')
  t.truthy(schema.getType('TextBlock'))
  t.truthy(schema.getType('ArticleMeta'))
})

test('the SDK documents compiled for a config validate against its SDL', (t) => {
  for (const c of [magazine, shop]) {
    const config = sanitizeConfig(c)
    const errors = validate(buildSchema(compileSDL(config)), parse(compileDocuments(config)))
    t.deepEqual(
      errors.map((e) => e.message),
      [],
    )
  }
})
