/**
 * Issue 55: keys of no field that a hook adds to the data are dropped, as Payload drops them (plugin-cloud-storage's
 * beforeChange hook sets `prefix` on collections that have no such field); keys of no field that the caller sends
 * are still refused with a 400 naming them.
 */
import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

const state = useCms(
  test,
  defineConfig({
    collections: [
      {
        slug: 'notes',
        hooks: {
          beforeValidate: [({ data }) => ({ ...(data as object), fromValidate: 1 })],
          beforeChange: [
            ({ data }) => {
              ;(data as Record<string, unknown>).prefix = ''
              return data
            },
          ],
        },
        fields: [{ name: 'title', type: 'text' }],
      },
    ],
  }),
)

test('keys a hook adds are dropped on create and update; keys the caller sends are refused', async (t) => {
  const { cms } = state
  const made = (await cms.create({ collection: 'notes' as never, data: { title: 'One' } })) as {
    id: number
  }
  t.deepEqual(Object.keys(made).sort(), ['createdAt', 'id', 'title', 'updatedAt'])
  const updated = (await cms.update({
    collection: 'notes' as never,
    id: made.id,
    data: { title: 'Two' },
  })) as Record<string, unknown>
  t.is(updated.title, 'Two')
  t.false('prefix' in updated)
  const refused = await rejectsWith(
    t,
    cms.create({ collection: 'notes' as never, data: { title: 'x', prefix: 'mine' } }),
    'ValidationError',
    400,
  )
  t.deepEqual(
    (refused.data as { errors: { path: string; message: string }[] }).errors.map((e) => [
      e.path,
      e.message,
    ]),
    [['prefix', 'This field does not exist.']],
  )
})
