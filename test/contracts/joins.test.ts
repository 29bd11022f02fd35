/**
 * Join fields in the contracts (issue 19, item 4): typed on read in the OpenAPI document, the SDL and the generated
 * TypeScript types, absent from every input and where, and the `joins` parameter declared with its schema.
 */
import SwaggerParser from '@apidevtools/swagger-parser'
import test from 'ava'
import { buildSchema } from 'graphql'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { compileSDL } from '../../server/contracts/graphql.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { generateTypes } from '../../server/contracts/typescript.ts'
import { joinsConfig } from '../fixtures/joins.ts'

const config = sanitizeConfig(joinsConfig)
type Doc = Record<string, any>

test('OpenAPI: a join is typed on read, untyped and ignored in inputs, queried through in wheres; joins is a declared JSON parameter', async (t) => {
  const doc = compileOpenAPI(config) as Doc
  await t.notThrowsAsync(SwaggerParser.validate(structuredClone(doc) as never))
  const schemas = doc.components.schemas
  const category = schemas.Category.properties
  t.deepEqual(category.posts.required, ['docs', 'hasNextPage'])
  t.deepEqual(Object.keys(category.posts.properties), ['docs', 'hasNextPage', 'totalDocs'])
  t.true(JSON.stringify(category.posts.properties.docs).includes('"type":"integer"'))
  t.truthy(category.meta.properties.featured.properties.docs)
  // Inputs refuse unknown keys (issue 31), and the server accepts a join field's key with any value and ignores
  // it: declared without a type, never as the joined documents.
  for (const input of ['CategoryCreateInput', 'CategoryUpdateInput']) {
    for (const join of [
      schemas[input].properties.posts,
      schemas[input].properties.meta.properties.featured,
    ]) {
      t.is(join.type, undefined, input)
      t.is(join.properties, undefined, input)
      t.regex(join.description, /accepted and ignored/, input)
    }
  }
  // A join field is queried through its documents (as Payload): its ids, or any path into them.
  t.deepEqual(schemas.CategoryWhere.properties.posts, { $ref: '#/components/schemas/WhereAny' })
  t.truthy(schemas.CategoryWhere.patternProperties['^posts(?:\\.|__).+$'])
  t.deepEqual(Object.keys(schemas.CategoryJoins.anyOf[1].properties), [
    'posts',
    'published',
    'meta.featured',
    'tagged',
    'mentions',
    'audits',
  ])
  const names = (op: Doc) => op.parameters.map((p: Doc) => p.name ?? p.$ref)
  t.true(names(doc.paths['/categories'].get).includes('joins'))
  t.true(names(doc.paths['/categories/{id}'].get).includes('joins'))
  t.false(names(doc.paths['/categories/{id}'].patch).includes('joins'))
  // A collection without join fields takes no joins.
  t.false(names(doc.paths['/posts'].get).includes('joins'))
  t.false('PostJoins' in schemas)
})

test('GraphQL: <Type>_<Field> with where, limit, page, sort and count; no input', (t) => {
  const sdl = compileSDL(config)
  t.notThrows(() => buildSchema(sdl))
  t.regex(
    sdl,
    /posts\(where: Post_where, limit: Int, page: Int, sort: String, count: Boolean\): Category_Posts/,
  )
  t.regex(
    sdl,
    /type Category_Posts \{\n {2}docs: \[Post!\]\n {2}hasNextPage: Boolean\n {2}totalDocs: Int\n\}/,
  )
  t.regex(sdl, /featured\(where: Post_where[^)]*\): Category_Meta_Featured/)
  t.regex(sdl, /mentions\(where: Note_where[^)]*\): Category_Mentions/)
  const inputs = sdl.match(/input mutationCategory(Update)?Input \{[^}]*\}/g) ?? []
  t.is(inputs.length, 2)
  for (const input of inputs) t.notRegex(input, /posts|tagged/)
})

test('TypeScript: a join is { docs?: (id | Doc)[]; hasNextPage?; totalDocs? } and Config lists collectionsJoins', (t) => {
  const ts = generateTypes(config)
  t.regex(
    ts,
    /posts\?: \{\n\s+docs\?: \(number \| Post\)\[\];\n\s+hasNextPage\?: boolean;\n\s+totalDocs\?: number;\n\s+\} \| null;/,
  )
  t.regex(ts, /collectionsJoins: \{\n\s+categories: \{\n\s+"posts": "posts";/)
  t.regex(ts, /"meta\.featured": "posts";/)
})
