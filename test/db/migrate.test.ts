import test from 'ava'
import { getCms } from '../../server/local/get-cms.ts'
import { migrate } from '../../server/db/migrate.ts'
import { schemaFor } from '../../server/db/schema.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { Config } from '../../server/config/types.ts'
import { freshDatabaseUrl } from '../helpers/db.ts'

const v1: Config = {
  collections: [
    {
      slug: 'notes',
      fields: [
        { name: 'text', type: 'text', required: true },
        { name: 'rank', type: 'number', index: true },
      ],
    },
  ],
}
const v2: Config = {
  collections: [
    {
      slug: 'notes',
      fields: [
        { name: 'text', type: 'text', required: true },
        { name: 'rank', type: 'number', index: true },
        { name: 'code', type: 'text', unique: true },
        { name: 'meta', type: 'group', fields: [{ name: 'x', type: 'number' }] },
      ],
    },
  ],
}

test('migrate is idempotent, adds new fields as columns and indexes, and keeps data', async (t) => {
  const { url, drop } = await freshDatabaseUrl()
  try {
    const cms1 = await getCms({ config: { ...v1, db: { url } } })
    const doc = await cms1.create({ collection: 'notes', data: { text: 'kept', rank: 3 } })
    t.is(
      (await migrate(cms1.db, schemaFor(cms1.config).tables)).statements,
      0,
      'a second run changes nothing',
    )
    // Same database, a config with more fields.
    const config2 = sanitizeConfig({ ...v2, db: { url } })
    const changed = await migrate(cms1.db, schemaFor(config2).tables)
    t.true(changed.statements >= 2)
    t.is((await migrate(cms1.db, schemaFor(config2).tables)).statements, 0)
    const cms2 = await getCms({ config: config2, db: cms1.db })
    const read = await cms2.findByID({ collection: 'notes', id: doc.id })
    t.like(read, { text: 'kept', rank: 3, code: null, meta: { x: null } })
    await cms2.create({ collection: 'notes', data: { text: 'a', code: 'same' } })
    const e = await t.throwsAsync(
      cms2.create({ collection: 'notes', data: { text: 'b', code: 'same' } }),
    )
    t.is(e?.message, 'The following field is invalid: code')
    await cms1.destroy()
  } finally {
    await drop()
  }
})
