/**
 * Issue 32: a field type is one module. A type only this test knows (`rating`: a whole number of stars from 1 to
 * 5) is registered, and every layer serves it from its module alone: the sanitiser, the table, validation,
 * reads, where queries, the OpenAPI and GraphQL contracts and the generated TypeScript.
 */
import test from 'ava'
import type { Config, Field } from '../../server/config/types.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { compileGraphQL } from '../../server/contracts/graphql/compile.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { generateTypes } from '../../server/contracts/typescript.ts'
import { fieldType, registerFieldType } from '../../server/fields/registry.ts'
import { text } from '../../server/fields/text.ts'
import type { FieldType } from '../../server/fields/types.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

interface RatingField {
  type: 'rating'
  name: string
  required?: boolean
}

const rating: FieldType<RatingField> = {
  name: 'rating',
  column: () => ({ type: 'double' }),
  reader: () => (v) => Number(v),
  whereKind: () => 'number',
  schema: () => ({ type: 'integer', minimum: 1, maximum: 5 }),
  whereSchema: (_field, kit) => kit.ref('WhereNumber'),
  output: () => 'Int',
  input: () => 'Int',
  whereInput: (_field, key, type, kit) =>
    kit.operators(`${type}_${key}_operator`, 'Int', ['equals', 'greater_than', 'less_than']),
  typescript: () => '1 | 2 | 3 | 4 | 5',
  validate: (_field, value) =>
    Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5
      ? { value }
      : 'A rating is a whole number of stars from 1 to 5.',
}
registerFieldType(rating)

const config: Config = {
  collections: [
    {
      slug: 'reviews',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'stars', type: 'rating', required: true } as unknown as Field,
      ],
    },
  ],
}

const s = useCms(test, config)

test('a registered type is stored, validated, read back and queried through its module', async (t) => {
  const { cms } = s
  const four = await cms.create({ collection: 'reviews', data: { title: 'good', stars: 4 } })
  await cms.create({ collection: 'reviews', data: { title: 'fine', stars: 2 } })
  t.is(four.stars, 4)
  const read = await cms.findByID({ collection: 'reviews', id: four.id })
  t.is(read.stars, 4)
  const error = await rejectsWith(
    t,
    cms.create({ collection: 'reviews', data: { title: 'bad', stars: 7 } }),
    'ValidationError',
    400,
  )
  t.deepEqual((error.data as any).errors, [
    { message: 'A rating is a whole number of stars from 1 to 5.', path: 'stars', label: 'stars' },
  ])
  const found = await cms.find({ collection: 'reviews', where: { stars: { greater_than: 3 } } })
  t.deepEqual(
    found.docs.map((d) => d.title),
    ['good'],
  )
  const bad = await rejectsWith(
    t,
    cms.find({ collection: 'reviews', where: { stars: { greater_than: 'many' } } }),
    'QueryError',
    400,
  )
  t.regex(bad.message, /stars/)
})

test('the contracts and the generated types describe it as its module says', (t) => {
  const sanitized = sanitizeConfig(config)
  const openapi = compileOpenAPI(sanitized) as any
  const review = openapi.components.schemas.Review.properties.stars
  t.deepEqual(review, { type: 'integer', minimum: 1, maximum: 5 })
  t.deepEqual(openapi.components.schemas.ReviewWhere.properties.stars, {
    $ref: '#/components/schemas/WhereNumber',
  })
  const { sdl } = compileGraphQL(sanitized)
  t.regex(sdl, /type Review \{[^}]*\n {2}stars: Int\n/)
  t.regex(
    sdl,
    /input Review_stars_operator \{\n {2}equals: Int\n {2}greater_than: Int\n {2}less_than: Int\n\}/,
  )
  t.regex(generateTypes(sanitized), /stars: 1 \| 2 \| 3 \| 4 \| 5;/)
})

test('a type name is registered once; an unknown type is a startup error naming it', (t) => {
  t.is(fieldType({ type: 'rating' }), rating as unknown as FieldType)
  t.throws(() => registerFieldType({ ...text, name: 'rating' }), {
    message: 'Field type "rating" is already registered.',
  })
  t.throws(
    () =>
      sanitizeConfig({
        collections: [{ slug: 'x', fields: [{ name: 'a', type: 'stars' } as unknown as Field] }],
      }),
    { message: /field "a": unknown field type "stars"/ },
  )
})
