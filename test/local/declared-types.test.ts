/**
 * Issue 55: a number an `afterRead` hook writes into a text field is answered as its string, as the field (and the
 * contract) declares it and as Payload's GraphQL serialises it. Payload 3's website template's `populateAuthors`
 * document hook fills `populatedAuthors` rows (`{ id, name }`, `id` a text field) with numeric user ids. Other
 * values stay as the hook wrote them.
 */
import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import { useCms } from '../helpers/db.ts'

const state = useCms(
  test,
  defineConfig({
    collections: [
      {
        slug: 'posts',
        hooks: {
          afterRead: [
            ({ doc }) => ({
              ...(doc as Record<string, unknown>),
              populatedAuthors: [{ id: 7, name: 'Dev' }],
              meta: { code: 42, count: 3 },
              views: 12,
            }),
          ],
        },
        fields: [
          { name: 'title', type: 'text' },
          {
            name: 'populatedAuthors',
            type: 'array',
            fields: [
              { name: 'id', type: 'text' },
              { name: 'name', type: 'text' },
            ],
          },
          {
            name: 'meta',
            type: 'group',
            fields: [
              { name: 'code', type: 'text' },
              { name: 'count', type: 'number' },
            ],
          },
          { name: 'views', type: 'number' },
          {
            name: 'tags',
            type: 'text',
            hasMany: true,
            hooks: { afterRead: [() => [1, 'two', 3.5]] },
          },
        ],
      },
    ],
    globals: [
      {
        slug: 'settings',
        hooks: { afterRead: [({ doc }) => ({ ...(doc as object), label: 5 })] },
        fields: [{ name: 'label', type: 'text' }],
      },
    ],
  }),
)

test('numbers an afterRead hook writes into text fields read as strings; numbers in number fields stay numbers', async (t) => {
  const { cms } = state
  const made = await cms.create({ collection: 'posts', data: { title: 'A' } })
  const read = await cms.findByID({ collection: 'posts', id: made.id })
  t.deepEqual(read.populatedAuthors, [{ id: '7', name: 'Dev' }])
  t.deepEqual(read.meta, { code: '42', count: 3 })
  t.is(read.views, 12)
  t.deepEqual(read.tags, ['1', 'two', '3.5'])
  const listed = await cms.find({ collection: 'posts' })
  t.deepEqual(listed.docs[0]?.populatedAuthors, [{ id: '7', name: 'Dev' }])
  const settings = await cms.findGlobal({ slug: 'settings' })
  t.is(settings.label, '5')
})
