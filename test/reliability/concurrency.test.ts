import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { useServer } from '../helpers/http.ts'

/** Parallel writes over HTTP: unique values, and server-computed fields under parallel updates of one document. */
const s = useServer(
  test,
  defineConfig({
    collections: [
      {
        slug: 'notes',
        access: { read: () => true, create: () => true, update: () => true },
        hooks: {
          // A server-computed field: it must always describe the body actually stored.
          beforeChange: [
            ({ data }) => ({
              ...(data as object),
              words: String((data as { body?: string }).body ?? '')
                .split(/\s+/)
                .filter(Boolean).length,
            }),
          ],
        },
        fields: [
          { name: 'code', type: 'text', unique: true },
          { name: 'body', type: 'textarea' },
          { name: 'words', type: 'number' },
          { name: 'edits', type: 'number', defaultValue: 0 },
        ],
      },
    ],
  }),
)

test.serial(
  '40 parallel creates with one unique value over HTTP: exactly one wins, every other gets the 400 "Value must be unique"',
  async (t) => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        s.request('POST', '/api/notes', { body: { code: 'SAME', body: `writer ${i}` } }),
      ),
    )
    t.is(results.filter((r) => r.status === 201).length, 1)
    for (const r of results.filter((x) => x.status !== 201)) {
      t.is(r.status, 400)
      t.deepEqual(r.body.errors[0].data.errors, [
        { message: 'Value must be unique', path: 'code', label: 'code' },
      ])
    }
    t.is(
      (await s.cms.count({ collection: 'notes', where: { code: { equals: 'SAME' } } })).totalDocs,
      1,
    )
  },
)

test.serial(
  '30 parallel updates of one document: the stored body and its computed word count always agree',
  async (t) => {
    const created = (
      await s.request('POST', '/api/notes', { body: { code: 'ONE', body: 'start' } })
    ).body.doc
    const bodies = Array.from({ length: 30 }, (_, i) =>
      Array.from({ length: i + 1 }, () => 'word').join(' '),
    )
    const results = await Promise.all(
      bodies.map((body) => s.request('PATCH', `/api/notes/${created.id}`, { body: { body } })),
    )
    t.true(results.every((r) => r.status === 200))
    for (const r of results)
      t.is(r.body.doc.words, r.body.doc.body.split(' ').length, 'each answer is self-consistent')
    const final = await s.cms.findByID({ collection: 'notes', id: created.id })
    t.is(final.words, String(final.body).split(' ').length)
    t.true(bodies.includes(String(final.body)))
  },
)
