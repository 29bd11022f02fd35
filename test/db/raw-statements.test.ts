import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { dialectName, useCms } from '../helpers/db.ts'

// cms.db takes any statement with ? placeholders. On MariaDB data statements run as server-side prepared
// statements (mysql2 execute); the others (SHOW, EXPLAIN, SET) cannot take placeholders there and keep
// client-side binding. On PostgreSQL every statement takes them (as $n).
const state = useCms(
  test,
  defineConfig({ collections: [{ slug: 'notes', fields: [{ name: 'n', type: 'number' }] }] }),
)

test('data statements bind their values and answer typed rows', async (t) => {
  const { cms } = state
  const q = cms.db.dialect.quote
  const made = await cms.db.run(
    `INSERT INTO ${q('notes')} (n, ${q('createdAt')}, ${q('updatedAt')}) VALUES (?, ?, ?)`,
    [41.5, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
  )
  t.true(made.insertId > 0)
  const changed = await cms.db.run(`UPDATE ${q('notes')} SET n = n + ? WHERE id = ?`, [
    0.5,
    made.insertId,
  ])
  t.is(changed.changes, 1)
  const rows = await cms.db.all<{ n: number }>(`SELECT n FROM ${q('notes')} WHERE id = ?`, [
    made.insertId,
  ])
  t.deepEqual(rows, [{ n: 42 }])
  t.is((await cms.find({ collection: 'notes' })).totalDocs, 1)
})

test('statements the prepared protocol refuses placeholders in still bind them', async (t) => {
  const { cms } = state
  if (dialectName === 'mysql') {
    const status = await cms.db.all<{ Variable_name: string }>('SHOW STATUS LIKE ?', ['Uptime'])
    t.deepEqual(
      status.map((r) => r.Variable_name),
      ['Uptime'],
    )
    const vars = await cms.db.all<{ Value: string }>('SHOW VARIABLES LIKE ?', ['version'])
    t.regex(vars[0]!.Value, /MariaDB/)
    const plan = await cms.db.all(
      `EXPLAIN SELECT * FROM ${cms.db.dialect.quote('notes')} WHERE id = ?`,
      [1],
    )
    t.true(plan.length > 0)
  } else if (dialectName === 'postgres') {
    // Every statement takes $n parameters there, EXPLAIN too: the plan shows the bound value.
    const plan = await cms.db.all<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT * FROM ${cms.db.dialect.quote('notes')} WHERE id = ?`,
      [1],
    )
    t.regex(plan.map((r) => r['QUERY PLAN']).join('\n'), /\(id = '1'::bigint\)/)
    const [setting] = await cms.db.all<{ v: string }>('SELECT current_setting(?) AS v', [
      'server_version',
    ])
    t.regex(setting!.v, /^\d+/)
  } else {
    const plan = await cms.db.all<{ detail: string }>(
      'EXPLAIN QUERY PLAN SELECT * FROM notes WHERE id = ?',
      [1],
    )
    t.regex(plan[0]!.detail, /PRIMARY KEY/)
  }
})
