import test from 'ava'
import { blogConfig, calls } from '../fixtures/blog.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

const state = useCms(test, blogConfig)
const names = () => calls.map((c) => c.hook)

test.serial(
  'create fires each hook once, in order, with the right arguments; returned values are used',
  async (t) => {
    calls.length = 0
    const doc = await state.cms.create({
      collection: 'articles',
      data: { title: '  Hello  ', body: 'one two three' },
      context: { source: 'test' },
    })
    // Payload's order (collections/operations/create.ts): the collection's beforeChange hooks, then the fields'.
    t.deepEqual(names(), [
      'beforeOperation',
      'beforeValidate',
      'beforeChange',
      'field.beforeChange',
      'field.afterChange',
      'afterChange',
      'beforeRead',
      'field.afterRead',
      'afterRead',
      'afterOperation',
    ])
    t.is(doc.title, 'Hello') // field beforeValidate trimmed it
    t.is(doc.wordCount, 3) // collection beforeChange computed it
    const byName = Object.fromEntries(calls.map((c) => [c.hook, c.args]))
    t.like(byName.beforeOperation, { operation: 'create' })
    t.like(byName.beforeValidate, {
      operation: 'create',
      data: { title: 'Hello', body: 'one two three' },
    })
    t.like(byName.afterChange, { operation: 'create', doc: { id: doc.id, title: 'Hello' } })
    t.like(byName.afterOperation, { operation: 'create', result: { id: doc.id } })
    for (const c of calls.filter((x) => !x.hook.startsWith('field.'))) {
      t.is((c.args.req as { cms: unknown }).cms, state.cms, `${c.hook} gets req.cms`)
      t.deepEqual(c.args.context, { source: 'test' }, `${c.hook} gets the context`)
      t.is((c.args.collection as { slug: string }).slug, 'articles')
    }
  },
)

test.serial(
  'update passes originalDoc and previousDoc; find runs read hooks per document',
  async (t) => {
    const doc = await state.cms.create({ collection: 'articles', data: { title: 'Before' } })
    calls.length = 0
    await state.cms.update({ collection: 'articles', id: doc.id, data: { title: 'After' } })
    const byName = Object.fromEntries(calls.map((c) => [c.hook, c.args]))
    t.like(byName.beforeValidate, {
      operation: 'update',
      originalDoc: { title: 'Before' },
      data: { title: 'After' },
    })
    t.like(byName.afterChange, {
      operation: 'update',
      previousDoc: { title: 'Before' },
      doc: { title: 'After' },
    })
    t.like(byName.afterOperation, { operation: 'updateByID' })
    calls.length = 0
    const r = await state.cms.find({ collection: 'articles', limit: 2, depth: 0 })
    t.is(names().filter((n) => n === 'afterRead').length, r.docs.length)
    t.is(names().filter((n) => n === 'beforeOperation').length, 1)
    t.like(calls.find((c) => c.hook === 'afterOperation')!.args, { operation: 'find' })
  },
)

test.serial(
  'delete fires beforeDelete and afterDelete once; errors reach afterError',
  async (t) => {
    const doc = await state.cms.create({ collection: 'articles', data: { title: 'Doomed' } })
    calls.length = 0
    await state.cms.delete({ collection: 'articles', id: doc.id })
    t.is(names().filter((n) => n === 'beforeDelete').length, 1)
    t.like(calls.find((c) => c.hook === 'afterDelete')!.args, {
      id: doc.id,
      doc: { title: 'Doomed' },
    })
    calls.length = 0
    await rejectsWith(
      t,
      // Articles keep drafts: publishing one without its required title fails validation.
      state.cms.create({ collection: 'articles', data: { _status: 'published' } }),
      'ValidationError',
      400,
    )
    t.like(calls.find((c) => c.hook === 'afterError')!.args, { error: { name: 'ValidationError' } })
  },
)
