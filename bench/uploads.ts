/**
 * The upload scenarios of `npm run bench` (issue 34): `POST /api/media` as multipart, logged in, against the CMS
 * (the example app's `media` collection: three image sizes, local disk under CMS_MEDIA_DIR) and the floor's
 * hand-written endpoint (bench/reference-uploads.ts).
 *   upload-image  a photo-like JPEG of 1920 × 1280 (about 170 KB): the original re-encoded and three sizes.
 *   upload-large  a 10 MiB PDF (random stream bytes): streamed to disk, never held; MB/s and the RSS it costs,
 *                 and the RSS one 48 MiB upload adds to the idle server (holding the file would add 48 MiB).
 * Each request sends a prebuilt body (fixed boundary) whose filename carries a fresh serial number, so no upload
 * waits on the name numbering of an earlier one.
 */
import autocannon from 'autocannon'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

type Row = Record<string, unknown>

export interface UploadScenario {
  key: string
  name: string
  file: 'image' | 'pdf'
}

/** The 10 MB file first: its RSS delta is then measured over an idle server, not over sharp's memory. */
export const UPLOAD_SCENARIOS: UploadScenario[] = [
  { key: 'upload-large', name: 'REST upload 10 MiB PDF (streamed)', file: 'pdf' },
  { key: 'upload-image', name: 'REST upload JPEG 1920×1280, 3 sizes', file: 'image' },
]

/**
 * A photo-like JPEG: sky, a hilly field and sensor-like noise, 1920 × 1280 so that every size is made (hero is
 * 1600 wide and sizes never enlarge), about 170 KB at quality 82. Deterministic.
 */
async function photo(): Promise<Buffer> {
  const [w, h] = [1920, 1280]
  const px = Buffer.alloc(w * h * 3)
  let seed = 7
  const noise = () =>
    (((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) / 2 ** 24 - 0.5) * 14
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const field = y > h * 0.55 + Math.sin(x / 140) * 90 + Math.sin(x / 37) * 20
      const rgb = field
        ? [60 + 40 * Math.sin(x / 61) * Math.cos(y / 47), 110 + 30 * Math.sin((x + y) / 90), 50]
        : [120 + (y / h) * 80, 160 + (y / h) * 60, 235]
      for (let c = 0; c < 3; c++) px[(y * w + x) * 3 + c] = rgb[c]! + noise()
    }
  return sharp(px, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer()
}

/** A PDF of `bytes` bytes: a header the content sniffer knows, one stream object of random bytes, a trailer. */
function pdf(bytes: number): Buffer {
  const head = Buffer.from(
    '%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n3 0 obj\n<< /Length LLLLLLLLLL >>\nstream\n',
    'latin1',
  )
  const tail = Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1')
  const stream = bytes - head.length - tail.length
  head.write(String(stream).padStart(10, ' '), head.indexOf('LLLLLLLLLL'), 'latin1')
  return Buffer.concat([head, randomBytes(stream), tail])
}

export interface UploadFile {
  data: Buffer
  ext: string
  type: string
}
const files: Partial<Record<UploadScenario['file'], UploadFile>> = {}
async function fileOf(kind: UploadScenario['file']): Promise<UploadFile> {
  files[kind] ??=
    kind === 'image'
      ? { data: await photo(), ext: 'jpg', type: 'image/jpeg' }
      : { data: pdf(10 * 1024 * 1024), ext: 'pdf', type: 'application/pdf' }
  return files[kind]
}

let serial = 0
/** Names differ between runs too: a MariaDB bench database keeps the media rows of earlier runs. */
const RUN = randomBytes(3).toString('hex')
const BOUNDARY = '----cms-bench-boundary-7f3a9c'

/** A multipart body of one upload, whose filename `bench-<run>-NNNNNNNN.<ext>` `next()` renumbers in place. */
function multipart(file: UploadFile) {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n` +
    `${JSON.stringify({ alt: 'Bench upload' })}\r\n--${BOUNDARY}\r\n` +
    `Content-Disposition: form-data; name="file"; filename="bench-${RUN}-00000000.${file.ext}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`
  const body = Buffer.concat([Buffer.from(head), file.data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)])
  const at = head.indexOf(`bench-${RUN}-`) + `bench-${RUN}-`.length
  return {
    body,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    next: () => body.write(String(++serial).padStart(8, '0'), at, 'latin1'),
  }
}

/** What a bench run needs from its session: the two servers, a token, and run.ts's helpers. */
export interface UploadContext {
  db: string
  posts: number
  cms: { base: string; pid?: number; idleRssMb: number; startupMs: number }
  floor: { base: string; pid?: number }
  token: string
  /** The in-process CMS that counts statements, and its token. */
  counter: { url: string; token: string }
  statements(fn: () => Promise<unknown>): Promise<number>
  rssOf(pid: number | undefined): number
  duration: number
  warmup: number
  connections: number
  /** The media folders to empty after the scenario (the CMS's and the floor's). */
  mediaDirs: string[]
}

/** The fields of an answer both servers must agree on (not filenames or byte counts of re-encoded images). */
const shape = (doc: Row) => ({
  mimeType: doc.mimeType,
  width: doc.width,
  height: doc.height,
  sizes: Object.fromEntries(
    Object.entries((doc.sizes ?? {}) as Record<string, Row>).map(([k, s]) => [
      k,
      `${s.width}x${s.height} ${s.mimeType}`,
    ]),
  ),
})

/** One upload, checked: 201, and the document's type and sizes. */
async function once(base: string, token: string, file: UploadFile): Promise<Row> {
  const mp = multipart(file)
  mp.next()
  const res = await fetch(`${base}/api/media`, {
    method: 'POST',
    headers: { 'content-type': mp.contentType, authorization: `Bearer ${token}` },
    body: mp.body,
  }).catch((error: unknown) => {
    throw new Error(`POST ${base}/api/media (${file.data.length} bytes) failed`, { cause: error })
  })
  const text = await res.text()
  if (res.status !== 201) throw new Error(`POST ${base}/api/media: ${res.status} ${text}`)
  const doc = (JSON.parse(text) as { doc: Row }).doc
  if (doc.mimeType !== file.type) throw new Error(`${base}: stored as ${String(doc.mimeType)}`)
  return shape(doc)
}

interface Measured {
  rps: number
  p50: number
  p99: number
  peakRssMb: number
  beforeRssMb: number
  errors: number
}

async function load(
  base: string,
  pid: number | undefined,
  ctx: UploadContext,
  file: UploadFile,
  duration: number,
): Promise<Measured> {
  const mp = multipart(file)
  const beforeRssMb = ctx.rssOf(pid)
  let peak = beforeRssMb
  const sampler = setInterval(() => (peak = Math.max(peak, ctx.rssOf(pid))), 50)
  const result = (await autocannon({
    url: `${base}/api/media`,
    connections: ctx.connections,
    duration,
    timeout: 30,
    method: 'POST',
    headers: { 'content-type': mp.contentType, authorization: `Bearer ${ctx.token}` },
    // autocannon copies the body into each request it builds, so renumbering in place is safe.
    requests: [{ setupRequest: (req: Row) => (mp.next(), { ...req, body: mp.body }) }],
  })) as unknown as {
    requests: { average: number }
    latency: { p50: number; p99: number }
    non2xx: number
    errors: number
  }
  clearInterval(sampler)
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    peakRssMb: Math.max(peak, ctx.rssOf(pid)),
    beforeRssMb,
    errors: result.non2xx + result.errors,
  }
}

/** Empties a media folder between scenarios (the files are not read again; 10 MB each adds up). */
function empty(dir: string): void {
  mkdirSync(dir, { recursive: true })
  for (const f of readdirSync(dir)) rmSync(path.join(dir, f), { recursive: true, force: true })
}

/** The probe file of upload-large: near the default 50 MiB limit, so holding it whole would show in the RSS. */
const PROBE_BYTES = 48 * 1024 * 1024

/**
 * The RSS each of three uploads of a 48 MiB PDF, one after the other, adds to an idle server (its peak, sampled
 * every 20 ms, minus the RSS before it).
 */
async function probe(
  base: string,
  pid: number | undefined,
  ctx: UploadContext,
): Promise<(number | string)[]> {
  const file = { data: pdf(PROBE_BYTES), ext: 'pdf', type: 'application/pdf' }
  const deltas: (number | string)[] = []
  for (let i = 0; i < 3; i++) {
    const before = ctx.rssOf(pid)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, ctx.rssOf(pid))), 20)
    // The floor now and then drops a 48 MiB body on a reused connection (EPIPE); noted, not fatal to the run.
    const failed = await once(base, ctx.token, file).then(
      () => undefined,
      (error: Error) => `failed: ${String((error.cause as Error | undefined)?.cause ?? error)}`,
    )
    clearInterval(sampler)
    deltas.push(failed ?? Math.round(Math.max(peak, ctx.rssOf(pid)) - before))
  }
  for (const dir of ctx.mediaDirs) empty(dir)
  return deltas
}

export async function runUploadScenario(ctx: UploadContext, sc: UploadScenario): Promise<Row> {
  const file = await fileOf(sc.file)
  const [a, b] = [
    await once(ctx.cms.base, ctx.token, file),
    await once(ctx.floor.base, ctx.token, file),
  ]
  const same =
    JSON.stringify(a) === JSON.stringify(b) || `${JSON.stringify(a)} vs ${JSON.stringify(b)}`
  const statements = await ctx.statements(() => once(ctx.counter.url, ctx.counter.token, file))
  const probed =
    sc.file === 'pdf'
      ? {
          'CMS RSS delta MB, three 48 MiB uploads': await probe(ctx.cms.base, ctx.cms.pid, ctx),
          'floor RSS delta MB, three 48 MiB uploads': await probe(
            ctx.floor.base,
            ctx.floor.pid,
            ctx,
          ),
        }
      : {}
  // RSS before the warm-up: the delta is what the uploads cost over the idle server.
  const measure = async (base: string, pid: number | undefined) => {
    const beforeRssMb = ctx.rssOf(pid)
    if (ctx.warmup > 0) await load(base, pid, ctx, file, ctx.warmup)
    const m = await load(base, pid, ctx, file, ctx.duration)
    // Requests autocannon cut off still finish on the server (each takes up to p99); let them before the next load.
    await new Promise((r) => setTimeout(r, Math.min(10_000, 500 + m.p99)))
    for (const dir of ctx.mediaDirs) empty(dir)
    return { ...m, beforeRssMb }
  }
  const c = await measure(ctx.cms.base, ctx.cms.pid)
  const f = await measure(ctx.floor.base, ctx.floor.pid)
  const mb = file.data.length / 1e6
  console.log(
    `  [${ctx.db} ${ctx.posts}] ${sc.name}: ${c.rps.toFixed(1)} vs ${f.rps.toFixed(1)} req/s (${f.rps > 0 ? (c.rps / f.rps).toFixed(2) : 'no floor requests completed'}), ${(c.rps * mb).toFixed(1)} vs ${(f.rps * mb).toFixed(1)} MB/s, CMS RSS ${Math.round(c.beforeRssMb)} → peak ${Math.round(c.peakRssMb)} MB, errors ${c.errors}/${f.errors}${sc.file === 'pdf' ? `; each of three 48 MiB uploads adds ${JSON.stringify(Object.values(probed))} MB (CMS, floor)` : ''}`,
  )
  return {
    key: sc.key,
    scenario: sc.name,
    db: ctx.db,
    posts: ctx.posts,
    'file bytes': file.data.length,
    connections: ctx.connections,
    'CMS req/s': +c.rps.toFixed(1),
    'floor req/s': +f.rps.toFixed(1),
    ratio: f.rps > 0 ? +(c.rps / f.rps).toFixed(2) : null,
    'CMS MB/s': +(c.rps * mb).toFixed(1),
    'floor MB/s': +(f.rps * mb).toFixed(1),
    'CMS p50 ms': c.p50,
    'CMS p99 ms': c.p99,
    'floor p50 ms': f.p50,
    'floor p99 ms': f.p99,
    'SQL/req': statements,
    'CMS peak RSS MB': Math.round(c.peakRssMb),
    'CMS RSS before MB': Math.round(c.beforeRssMb),
    'CMS RSS delta MB': Math.round(c.peakRssMb - c.beforeRssMb),
    'floor peak RSS MB': Math.round(f.peakRssMb),
    'floor RSS delta MB': Math.round(f.peakRssMb - f.beforeRssMb),
    ...probed,
    'CMS idle RSS MB': Math.round(ctx.cms.idleRssMb),
    'CMS start-up ms': Math.round(ctx.cms.startupMs),
    'CMS errors': c.errors,
    'floor errors': f.errors,
    'same JSON as floor': same,
  }
}
