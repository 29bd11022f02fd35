import test from 'ava'
import { defineConfig, getCms, ValidationError } from 'contract-cms'

test('getCms, defineConfig and the error classes are exported from the package root', async (t) => {
  const config = defineConfig({
    db: { url: 'sqlite::memory:' },
    collections: [{ slug: 'notes', fields: [{ name: 'text', type: 'text', required: true }] }],
  })
  const cms = await getCms({ config })
  try {
    const note = await cms.create({ collection: 'notes', data: { text: 'hi' } })
    t.is((await cms.findByID({ collection: 'notes', id: note.id })).text, 'hi')
    t.true(
      (await t.throwsAsync(cms.create({ collection: 'notes', data: {} }))) instanceof
        ValidationError,
    )
  } finally {
    await cms.destroy()
  }
})
