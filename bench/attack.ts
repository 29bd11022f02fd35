/**
 * `npm run bench:attack` (issue 54): does `/api/health` stay responsive while four clients send the requests that
 * cost too much before round 4? A CMS server runs as its own process (bench/attack.config.ts, every limit at its
 * default, SQLite); this process seeds it, then for each scenario runs four attackers in a loop for `--seconds`
 * while one prober asks `/api/health` every 50 ms. Reported per scenario: the health answer's p50, p99 and worst
 * time and its failures, and what the attackers got (statuses, requests). Writes bench/results/attack.json.
 *
 * `node bench/attack.ts [--seconds 8]`. Timings are reported here, never asserted: the tests assert the bounded
 * work (test/reliability/bounded-cost.test.ts, read-cost.test.ts, resource-limits.test.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { startHealthyServer, stopServerProcess } from '../scripts/server-process.ts'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const seconds = arg('seconds', 8)
const ATTACKERS = 4

const dir = mkdtempSync(path.join(tmpdir(), 'cms-attack-'))
const server = await startHealthyServer({
  CMS_CONFIG_PATH: 'bench/attack.config.ts',
  DATABASE_URL: `sqlite:${path.join(dir, 'attack.db')}`,
  CMS_MEDIA_DIR: path.join(dir, 'media'),
  LOG_LEVEL: 'warn',
})
const api = (p: string) => `${server.base}/api${p}`
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

/** A rich-text value of `paragraphs` paragraphs (Lexical's serialized state). */
const richText = (paragraphs: number) => ({
  root: {
    type: 'root',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    children: Array.from({ length: paragraphs }, (_, i) => ({
      type: 'paragraph',
      version: 1,
      direction: null,
      format: '',
      indent: 0,
      textFormat: 0,
      children: [
        {
          type: 'text',
          version: 1,
          text: `paragraph ${i} `.repeat(8),
          format: 0,
          detail: 0,
          mode: 'normal',
          style: '',
        },
      ],
    })),
  },
})

/** 100 pages of 2,000 rows (about 240 KB each as stored) and 50 posts with 40 paragraphs of rich text. */
async function seed() {
  const rows = Array.from({ length: 2000 }, () => ({ text: 'x'.repeat(90) }))
  for (let i = 0; i < 100; i++) {
    const res = await fetch(api('/pages'), json({ title: `page ${i}`, rows }))
    if (res.status !== 201) throw new Error(`seed page: ${res.status} ${await res.text()}`)
  }
  for (let i = 0; i < 50; i++) {
    const res = await fetch(api('/posts'), json({ title: `post ${i}`, body: richText(40) }))
    if (res.status !== 201) throw new Error(`seed post: ${res.status} ${await res.text()}`)
  }
}

interface Scenario {
  key: string
  name: string
  /** One attacker request; resolves to its status (and, for GraphQL, the error code or `data`). */
  request?: () => Promise<number | string>
}

const status = async (res: Promise<Response>) => {
  const r = await res
  await r.arrayBuffer()
  return r.status
}

async function scenarios(): Promise<Scenario[]> {
  const blocks = (n: number) => ({
    title: 'blocks',
    layout: Array.from({ length: n }, () => ({ blockType: 'quote', text: 'q' })),
  })
  const atLimit = JSON.stringify(blocks(2000))
  const pastLimit = JSON.stringify({ ...blocks(25_000) })
  const aliases = Array.from(
    { length: 30 },
    (_, i) => `a${i}: Posts(limit: 50) { docs { title body } }`,
  ).join(' ')
  const image = await sharp({
    create: { width: 6000, height: 6000, channels: 3, background: '#468' },
  })
    .png({ compressionLevel: 9 })
    .toBuffer()
  let serial = 0
  const upload = () => {
    const form = new FormData()
    form.append('file', new Blob([image], { type: 'image/png' }), `big-${serial++}.png`)
    return status(fetch(api('/media'), { method: 'POST', body: form }))
  }
  const post = (body: string) =>
    status(
      fetch(api('/pages'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
    )
  return [
    { key: 'idle', name: 'no attacker (baseline)' },
    {
      key: 'blocks-25000',
      name: 'POST 25,000 blocks (the 0.8 MB body of finding 4)',
      request: () => post(pastLimit),
    },
    {
      key: 'blocks-2000',
      name: 'POST 2,000 blocks (at limits.rows.maxPerField)',
      request: () => post(atLimit),
    },
    {
      key: 'list-100',
      name: 'GET 100 pages of 2,000 rows (24 MB as stored)',
      request: () => status(fetch(api('/pages?limit=100'))),
    },
    {
      key: 'graphql-aliases',
      name: 'GraphQL: 30 aliases of Posts(limit: 50) with rich text',
      // A 200 either way: what counts is whether it carries data or the refusal's error code.
      request: async () => {
        const res = await fetch(api('/graphql'), json({ query: `{ ${aliases} }` }))
        const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] }
        return `${res.status} ${body.errors?.[0]?.extensions?.code ?? 'data'}`
      },
    },
    { key: 'image-36mp', name: 'upload a 6000×6000 PNG (36 MP, under maxPixels)', request: upload },
  ]
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]) : null
}

async function run(s: Scenario) {
  const end = Date.now() + seconds * 1000
  const statuses: Record<string, number> = {}
  const attacker = async () => {
    while (Date.now() < end && s.request) {
      let code: string
      try {
        code = String(await s.request())
      } catch (e) {
        code = (e as Error).name
      }
      statuses[code] = (statuses[code] ?? 0) + 1
    }
  }
  const times: number[] = []
  let failures = 0
  const prober = async () => {
    while (Date.now() < end) {
      const t0 = performance.now()
      try {
        const res = await fetch(api('/health'), { signal: AbortSignal.timeout(5000) })
        await res.arrayBuffer()
        if (!res.ok) failures++
      } catch {
        failures++
      }
      times.push(performance.now() - t0)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  await Promise.all([prober(), ...Array.from({ length: ATTACKERS }, attacker)])
  return {
    key: s.key,
    name: s.name,
    health: {
      probes: times.length,
      p50: quantile(times, 0.5),
      p99: quantile(times, 0.99),
      max: quantile(times, 1),
      failures,
    },
    attackers: statuses,
  }
}

try {
  await seed()
  const results = []
  for (const s of await scenarios()) {
    const r = await run(s)
    results.push(r)
    console.log(
      `${r.name}: health p50 ${r.health.p50} ms, p99 ${r.health.p99} ms, max ${r.health.max} ms, ` +
        `${r.health.failures} failed of ${r.health.probes}; attackers ${JSON.stringify(r.attackers)}`,
    )
  }
  writeFileSync(
    'bench/results/attack.json',
    `${JSON.stringify({ date: new Date().toISOString(), seconds, attackers: ATTACKERS, results }, null, 2)}\n`,
  )
} finally {
  await stopServerProcess(server.child)
  rmSync(dir, { recursive: true, force: true })
}
