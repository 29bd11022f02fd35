/**
 * The webhook numbers of `npm run bench` (issue 39), in one process on a SQLite file:
 *   write path  Local creates per second of one collection with no subscription, then with one endpoint subscribed
 *               (each create then also reads its document and writes an outbox row in its transaction);
 *   delivery    events per second the worker delivers to a receiver on loopback (answering 204), from the first
 *               create to the last delivery, signatures included.
 * Run alone with `node bench/webhooks.ts`, or within `npm run bench` (`--only webhooks`).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getCms } from '../server/local/get-cms.ts'
import type { CollectionConfig, Config } from '../server/config/types.ts'
import { unsettledCount } from '../server/db/stores/outbox.ts'

const fields: CollectionConfig['fields'] = [
  { name: 'title', type: 'text' },
  { name: 'body', type: 'textarea' },
  { name: 'views', type: 'number' },
]

/** Creates per second over `n` sequential Local creates. */
async function createRate(config: Config, n: number): Promise<number> {
  const cms = await getCms({ config })
  try {
    for (let i = 0; i < 20; i++)
      await cms.create({ collection: 'posts', data: { title: `warm ${i}`, body: 'x', views: i } })
    const start = performance.now()
    for (let i = 0; i < n; i++)
      await cms.create({
        collection: 'posts',
        data: { title: `post ${i}`, body: 'x'.repeat(200), views: i },
      })
    return Math.round(n / ((performance.now() - start) / 1000))
  } finally {
    await cms.destroy()
  }
}

export async function webhooksBench(
  n = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2000),
): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cms-bench-wh-'))
  let delivered = 0
  const receiver = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      delivered++
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
  const secret = `whsec_${randomBytes(32).toString('base64')}`
  const base = (file: string, webhooks?: Config['webhooks']): Config => ({
    collections: [{ slug: 'posts', fields }],
    db: { url: `sqlite:${path.join(dir, file)}` },
    ...(webhooks ? { webhooks } : {}),
  })
  try {
    const without = await createRate(base('none.db'), n)
    // The write path with a subscriber, the worker off so that delivery does not share the measured time.
    const withOne = await createRate(
      base('one.db', { allowPrivateTargets: true, worker: false, endpoints: [{ url, secret }] }),
      n,
    )
    // Delivery: the rows written above, delivered by a worker started on that database.
    const cms = await getCms({
      config: base('one.db', {
        allowPrivateTargets: true,
        pollInterval: 50,
        endpoints: [{ url, secret }],
      }),
    })
    const start = performance.now()
    try {
      while ((await unsettledCount(cms.db)) > 0) await new Promise((r) => setTimeout(r, 20))
    } finally {
      await cms.destroy()
    }
    const seconds = (performance.now() - start) / 1000
    return {
      events: n + 20,
      'creates/s, no subscription': without,
      'creates/s, one subscription': withOne,
      'write-path cost %': Math.round((1 - withOne / without) * 100),
      'events delivered/s': Math.round(delivered / seconds),
      delivered,
    }
  } finally {
    receiver.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  process.env.LOG_LEVEL ??= 'silent'
  console.table([await webhooksBench()])
}
