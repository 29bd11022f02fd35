/**
 * Requests that cost too much (issue 54, findings 4 and 8), as bounded-work properties rather than timings: an
 * image past `limits.images.maxPixels` is refused from its header; image work runs `limits.images.concurrency` at
 * a time with a bounded queue, the rest answered 503 with Retry-After while `/api/health` answers; an array or
 * blocks field past `limits.rows` is a 400 naming the limit and the path, with nothing written.
 */
import test from 'ava'
import sharp from 'sharp'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from '../../server/index.ts'
import type { Config } from '../../server/config/types.ts'
import { imageGate } from '../../server/local/upload/image-gate.ts'
import { rejectsWith } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'

const staticDir = await mkdtemp(path.join(tmpdir(), 'cms-bounded-'))
const configWith = (limits: Config['limits']): Config =>
  defineConfig({
    secret: 'Tq8-bounded-cost-secret-of-32+-bytes',
    limits,
    collections: [
      {
        slug: 'media',
        access: { read: () => true, create: () => true },
        upload: {
          staticDir: path.join(staticDir, String(Math.random()).slice(2)),
          imageSizes: [{ name: 'card', width: 640, height: 480 }],
        },
        fields: [],
      },
      {
        slug: 'pages',
        access: { read: () => true, create: () => true },
        fields: [
          { name: 'title', type: 'text' },
          { name: 'rows', type: 'array', fields: [{ name: 'text', type: 'text' }] },
          {
            name: 'layout',
            type: 'blocks',
            blocks: [
              {
                slug: 'group',
                fields: [{ name: 'items', type: 'array', fields: [{ name: 'n', type: 'number' }] }],
              },
            ],
          },
        ],
      },
    ],
  })

const defaults = useServer(test, configWith(undefined))
const gated = useServer(test, configWith({ images: { concurrency: 1, queue: 1 } }))
const small = useServer(test, configWith({ rows: { maxPerField: 10, maxPerDocument: 25 } }))

/** A PNG whose header says `width` × `height` (its pixel data is not decoded when it is refused). */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#468' } })
    .png({ compressionLevel: 1 })
    .toBuffer()

test('an image past limits.images.maxPixels (default 40 MP) is refused from its header, naming the limit', async (t) => {
  // 7000 × 6000 = 42 MP: under the old 100 MP limit, past the new default.
  const big = await png(7000, 6000)
  const error = await rejectsWith(
    t,
    defaults.cms.create({ collection: 'media', data: {}, file: { data: big, name: 'big.png' } }),
    'ValidationError',
    400,
  )
  t.regex(JSON.stringify(error.data), /7000 × 6000 pixels, more than the 40,000,000 allowed/)
  t.is(imageGate(defaults.cms.config).counts.ran, 0, 'nothing was decoded')
  t.is((await defaults.cms.count({ collection: 'media' })).totalDocs, 0)
})

test.serial(
  'image work runs one at a time here, one more waits, the rest are 503 busy with Retry-After; health answers',
  async (t) => {
    const image = await png(3000, 2000)
    const send = () => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'wide.png')
      return gated.fetch(`${gated.url}/api/media`, { method: 'POST', body: form })
    }
    const answers = await Promise.all(Array.from({ length: 6 }, send))
    const health = await gated.request('GET', '/api/health')
    t.is(health.status, 200)
    const statuses = answers.map((r) => r.status).sort()
    const busy = answers.filter((r) => r.status === 503)
    t.true(busy.length >= 1, `statuses: ${statuses.join(', ')}`)
    t.true(
      statuses.every((s) => s === 201 || s === 503),
      statuses.join(', '),
    )
    for (const r of busy) {
      t.is(r.headers.get('retry-after'), '1')
      const body = (await r.json()) as { errors: { data: { reason: string } }[] }
      t.is(body.errors[0].data.reason, 'busy')
    }
    const gate = imageGate(gated.cms.config)
    t.is(gate.counts.peak, 1, 'never two images at once')
    t.is(gate.counts.refused, busy.length)
    t.is(
      (await gated.cms.count({ collection: 'media' })).totalDocs,
      answers.length - busy.length,
      'a refused upload wrote nothing',
    )
  },
)

test('an array past limits.rows.maxPerField is a 400 naming the limit and the path; nothing is written', async (t) => {
  const rows = Array.from({ length: 11 }, (_, i) => ({ text: `r${i}` }))
  const res = await small.request('POST', '/api/pages', {
    body: { title: 'too many', rows },
    invalid: 'rows past the maxItems of limits.rows.maxPerField',
  })
  t.is(res.status, 400)
  const [error] = res.body.errors[0].data.errors
  t.is(error.path, 'rows')
  // Over REST the contract's maxItems refuses it before the handler; the Local API's check says the same limit.
  t.regex(error.message, /more than 10 items \(.*limits\.rows\.maxPerField/)
  const local = await rejectsWith(
    t,
    small.cms.create({ collection: 'pages', data: { title: 'local', rows } }),
    'ValidationError',
    400,
  )
  t.regex(
    JSON.stringify(local.data),
    /11 rows, more than the 10 allowed \(limits\.rows\.maxPerField\)/,
  )
  t.is(
    (await small.cms.count({ collection: 'pages', where: { title: { equals: 'too many' } } }))
      .totalDocs,
    0,
  )
  const ok = await small.request('POST', '/api/pages', {
    body: { title: 'ten', rows: rows.slice(0, 10) },
  })
  t.is(ok.status, 201)
})

test('nested rows count toward limits.rows.maxPerDocument, naming the path past it', async (t) => {
  // 3 blocks of 9 items: every field within 10, 30 rows in all (past 25).
  const layout = Array.from({ length: 3 }, () => ({
    blockType: 'group',
    items: Array.from({ length: 9 }, (_, n) => ({ n })),
  }))
  const error = await rejectsWith(
    t,
    small.cms.create({ collection: 'pages', data: { title: 'deep', layout } }),
    'ValidationError',
    400,
  )
  t.regex(JSON.stringify(error.data), /more than the 25 rows allowed.*limits\.rows\.maxPerDocument/)
  t.regex(JSON.stringify(error.data), /"path":"layout\.2\.items"/)
  t.is(
    (await small.cms.count({ collection: 'pages', where: { title: { equals: 'deep' } } }))
      .totalDocs,
    0,
  )
})

test('the defaults: 2,000 rows per field', async (t) => {
  const rows = Array.from({ length: 2001 }, () => ({ text: 'x' }))
  const res = await defaults.request('POST', '/api/pages', {
    body: { title: 'x', rows },
    invalid: 'rows past the maxItems of limits.rows.maxPerField',
  })
  t.is(res.status, 400)
  t.regex(JSON.stringify(res.body), /more than 2000 items \(.*limits\.rows\.maxPerField/)
})
