import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { useCms } from '../helpers/db.ts'

// Only UUID ids are lower-cased (db.idType: 'uuid'); a custom text id shaped like an upper-case UUID is itself.
const state = useCms(
  test,
  defineConfig({
    collections: [
      {
        slug: 'codes',
        fields: [
          { name: 'id', type: 'text' },
          { name: 'label', type: 'text' },
        ],
      },
    ],
  }),
)

test('a custom text id shaped like an upper-case UUID is found as written', async (t) => {
  const id = 'ABCDEF01-2345-4678-9ABC-DEF012345678'
  await state.cms.create({ collection: 'codes', data: { id, label: 'upper' } })
  const found = await state.cms.findByID({ collection: 'codes', id })
  t.is(found.id, id)
  t.is(found.label, 'upper')
  const updated = await state.cms.update({ collection: 'codes', id, data: { label: 'again' } })
  t.is(updated.label, 'again')
})
