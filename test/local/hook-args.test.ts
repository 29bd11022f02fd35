/**
 * Issue 55, blocker 4: hook arguments as Payload 3 passes them (`collections/operations/create.ts`,
 * `utilities/update.ts`, `fields/hooks/<hook>/promise.ts` at v3.88.0). On a create `originalDoc` is `{}` for
 * beforeValidate and beforeChange, and `previousDoc` is `{}` for afterChange: the templates' hooks read
 * `previousDoc._status` or `originalDoc.slug` without a guard, and answered 500 on their first create. Field hooks
 * get `previousSiblingDoc` and `previousValue` from the document before the write at the field's place, and
 * afterChange's `originalDoc` is the document written.
 */
import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import type { FieldHookArgs } from '../../server/config/types.ts'
import { useCms } from '../helpers/db.ts'

type Seen = Record<string, unknown>
const seen: { hook: string; args: Seen }[] = []
const keep =
  (hook: string) =>
  (args: Seen): undefined => {
    seen.push({ hook, args: structuredClone({ ...args, req: undefined, collection: undefined }) })
    return undefined
  }
const keepField =
  (hook: string) =>
  (args: FieldHookArgs): undefined => {
    const { req: _r, field: _f, collection: _c, global: _g, ...rest } = args
    seen.push({ hook, args: structuredClone(rest) as Seen })
    return undefined
  }

const state = useCms(
  test,
  defineConfig({
    collections: [
      {
        slug: 'posts',
        hooks: {
          beforeValidate: [keep('beforeValidate')],
          beforeChange: [keep('beforeChange')],
          // The website template's revalidatePost reads previousDoc._status on every write.
          afterChange: [
            (args: Seen) => {
              if ((args.previousDoc as Seen)._status === 'published') keep('republished')(args)
              return keep('afterChange')(args)
            },
          ],
        },
        fields: [
          {
            name: 'slug',
            type: 'text',
            hooks: {
              beforeValidate: [keepField('slug.beforeValidate')],
              afterChange: [keepField('slug.afterChange')],
            },
          },
          {
            name: 'rows',
            type: 'array',
            fields: [
              {
                name: 'label',
                type: 'text',
                hooks: { beforeChange: [keepField('label.beforeChange')] },
              },
            ],
          },
        ],
      },
    ],
  }),
)

const of = (hook: string) => seen.filter((s) => s.hook === hook).map((s) => s.args)

test.serial("a create: originalDoc and previousDoc are {}, as Payload's", async (t) => {
  seen.length = 0
  const doc = await state.cms.create({
    collection: 'posts',
    data: { slug: 'first', rows: [{ label: 'a' }] },
  })
  t.like(of('beforeValidate')[0], { operation: 'create', originalDoc: {} })
  t.like(of('beforeChange')[0], { operation: 'create', originalDoc: {} })
  t.like(of('afterChange')[0], { operation: 'create', previousDoc: {}, doc: { id: doc.id } })
  const slug = of('slug.beforeValidate')[0]
  t.deepEqual(slug.originalDoc, {})
  t.deepEqual(slug.previousSiblingDoc, {})
  t.is(slug.previousValue, undefined)
  t.is(slug.value, 'first')
  const label = of('label.beforeChange')[0]
  t.deepEqual(label.path, ['rows', 0, 'label'])
  t.deepEqual(label.schemaPath, ['rows', 'label'])
  t.deepEqual(label.indexPath, [0])
  t.deepEqual(label.previousSiblingDoc, {})
  const after = of('slug.afterChange')[0]
  t.deepEqual(after.previousDoc, {})
  t.like(
    after.originalDoc,
    { id: doc.id, slug: 'first' },
    'afterChange: originalDoc is the written doc',
  )
})

test.serial(
  'an update: the stored document, and each field its previous value in place',
  async (t) => {
    const doc = await state.cms.create({
      collection: 'posts',
      data: { slug: 'before', rows: [{ label: 'old-0' }, { label: 'old-1' }] },
    })
    seen.length = 0
    await state.cms.update({
      collection: 'posts',
      id: doc.id,
      data: { slug: 'after', rows: [{ label: 'new-0' }, { label: 'new-1' }] },
    })
    t.like(of('beforeChange')[0], {
      operation: 'update',
      originalDoc: { id: doc.id, slug: 'before' },
    })
    t.like(of('afterChange')[0], { previousDoc: { slug: 'before' }, doc: { slug: 'after' } })
    const slug = of('slug.beforeValidate')[0]
    t.is(slug.previousValue, 'before')
    t.like(slug.previousSiblingDoc, { slug: 'before' })
    t.deepEqual(
      of('label.beforeChange').map((a) => [a.value, a.previousValue]),
      [
        ['new-0', 'old-0'],
        ['new-1', 'old-1'],
      ],
    )
    const after = of('slug.afterChange')[0]
    t.is(after.previousValue, 'before')
    t.like(after.previousDoc, { slug: 'before' })
    t.like(after.originalDoc, { slug: 'after' })
  },
)

test.serial('a duplicate: originalDoc is the source document, previousDoc still {}', async (t) => {
  const doc = await state.cms.create({ collection: 'posts', data: { slug: 'source' } })
  seen.length = 0
  await state.cms.duplicate({ collection: 'posts', id: doc.id })
  t.like(of('beforeChange')[0], { operation: 'create', originalDoc: { slug: 'source' } })
  t.like(of('afterChange')[0], { operation: 'create', previousDoc: {} })
})
