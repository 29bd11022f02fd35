/**
 * The write latency of remote_apply (docs/scale-out.md, "PostgreSQL"): N Local API creates on a database of the
 * primary of scripts/postgres-replica-start.sh committed with synchronous_commit = remote_apply (the standby
 * applies each commit before it is acknowledged), then N with synchronous_commit = local. Prints the means.
 * Usage: source scripts/postgres-replica-start.sh; node bench/pg-replica.ts [N]
 */
import { connect } from '../server/db/connect.ts'
import { defineConfig } from '../server/index.ts'
import { getCms } from '../server/local/get-cms.ts'

const n = Number(process.argv[2] ?? 200)
const primary = process.env.PG_PRIMARY_URL!
const config = defineConfig({
  collections: [{ slug: 'notes', fields: [{ name: 'title', type: 'text' }] }],
  email: { sendEmail: () => {} },
})
const admin = connect(primary)
for (const mode of ['remote_apply', 'local']) {
  const name = `bench_${mode}`
  await admin.run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.run(`CREATE DATABASE "${name}"`)
  await admin.run(`ALTER DATABASE "${name}" SET synchronous_commit = ${mode}`)
  const u = new URL(primary)
  u.pathname = `/${name}`
  const replicas = mode === 'local' ? '&replicaReads=eventual' : ''
  const cms = await getCms({
    config: {
      ...config,
      db: { url: `${u}?replicas=127.0.0.1:${process.env.PG_REPLICA_PORT}${replicas}` },
    },
  })
  const started = performance.now()
  for (let i = 0; i < n; i++) await cms.create({ collection: 'notes', data: { title: `n${i}` } })
  const ms = (performance.now() - started) / n
  console.log(`${mode}: ${n} creates, mean ${ms.toFixed(2)} ms`)
  await cms.destroy()
  await admin.run(`DROP DATABASE "${name}" WITH (FORCE)`)
}
await admin.close()
