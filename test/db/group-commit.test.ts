import test from 'ava'
import type { CollectionConfig } from '../../server/index.ts'
import { countQueries, dialectName, useCms } from '../helpers/db.ts'

/**
 * Group commit (SQLite, server/db/sqlite.ts): transactions waiting for the connection run inside the open one,
 * each in a savepoint, and one COMMIT holds them all. What a caller sees does not change: every write that
 * resolved is stored, a failing one is not and takes no other with it, and a lone write is BEGIN … COMMIT. On
 * MariaDB (a pool, no grouping) the same outcomes hold.
 */
const notes: CollectionConfig = {
  slug: 'notes',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'code', type: 'text', unique: true },
  ],
}
const state = useCms(test, { collections: [notes] })

test.serial('concurrent creates share commits; the one that fails is rolled back alone', async (t) => {
  const { cms } = state
  await cms.create({ collection: 'notes', data: { title: 'first', code: 'taken' } })
  const codes = Array.from({ length: 20 }, (_, i) => (i === 7 ? 'taken' : `code-${i}`))
  const { result, statements } = await countQueries(cms, () =>
    Promise.allSettled(
      codes.map((code, i) => cms.create({ collection: 'notes', data: { title: `n${i}`, code } })),
    ),
  )
  const failed = result.flatMap((r, i) => (r.status === 'rejected' ? [i] : []))
  t.deepEqual(failed, [7], 'only the repeated code fails')
  const rejected = result[7] as PromiseRejectedResult
  t.regex(String(rejected.reason?.message ?? rejected.reason), /code|unique|already/i)
  const stored = await cms.find({ collection: 'notes', limit: 100, sort: 'title' })
  t.is(stored.totalDocs, 20, 'the first note and the 19 others')
  t.deepEqual(
    stored.docs.map((d) => d.code).sort(),
    ['taken', ...codes.filter((c) => c !== 'taken')].sort(),
  )
  t.is(stored.docs.filter((d) => d.code === 'taken').length, 1)
  if (dialectName === 'sqlite') {
    const commits = statements.filter((s) => s === 'COMMIT').length
    const savepoints = statements.filter((s) => s.startsWith('SAVEPOINT')).length
    t.true(commits < 19, `19 creates committed by ${commits} COMMITs`)
    t.true(savepoints > 0)
    t.is(statements.filter((s) => s.startsWith('ROLLBACK TO')).length, 1, 'one member rolled back')
    t.false(statements.includes('ROLLBACK'), 'no group was rolled back whole')
  }
})

test.serial('a write alone is BEGIN IMMEDIATE … COMMIT, without a savepoint', async (t) => {
  const { cms } = state
  const { statements } = await countQueries(cms, () =>
    cms.create({ collection: 'notes', data: { title: 'alone', code: 'alone' } }),
  )
  if (dialectName !== 'sqlite') return t.pass()
  const tx = statements.filter((s) => /^(BEGIN|COMMIT|SAVEPOINT|RELEASE|ROLLBACK)/.test(s))
  t.deepEqual(tx, ['BEGIN IMMEDIATE', 'COMMIT'])
})

test.serial('a failing write alone rolls back and leaves nothing', async (t) => {
  const { cms } = state
  const before = await cms.count({ collection: 'notes' })
  await t.throwsAsync(cms.create({ collection: 'notes', data: { title: 'dup', code: 'alone' } }))
  t.deepEqual(await cms.count({ collection: 'notes' }), before)
  // The connection is usable: the next write commits.
  await cms.create({ collection: 'notes', data: { title: 'after', code: 'after' } })
  t.is((await cms.count({ collection: 'notes' })).totalDocs, before.totalDocs + 1)
})
