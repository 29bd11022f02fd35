/**
 * Issue 34, item 5: the two built-in storage adapters keep one contract, each against the real thing: the local
 * disk, and an S3-compatible server (s3rver) on a loopback port.
 */
import test from 'ava'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import type { StorageAdapter } from '../../server/config/storage.ts'
import { localStorage } from '../../server/storage/local.ts'
import { s3Adapter } from '../../server/storage/s3.ts'
import { startS3, type S3Server } from '../helpers/s3.ts'

let s3: S3Server
let localRoot: string
test.before(async () => {
  s3 = await startS3()
  localRoot = await mkdtemp(path.join(tmpdir(), 'cms-local-storage-'))
})
test.after.always(() => s3?.close())

const adapters: [string, () => StorageAdapter][] = [
  ['local', () => localStorage(localRoot)],
  ['s3', () => s3Adapter(s3.options({ prefix: 'site' }))],
]
const body = (s: string | Buffer) => Readable.from([Buffer.from(s)])
/** A stream that yields some bytes, then fails, as a client that hangs up mid-upload. */
const failing = () =>
  new Readable({
    read() {
      this.push(Buffer.alloc(1024, 1))
      this.destroy(new Error('client went away'))
    },
  })

for (const [name, make] of adapters) {
  test(`${name}: put, stat, get (whole and a range), exists and delete`, async (t) => {
    const storage = make()
    const key = `media/${randomBytes(4).toString('hex')}.txt`
    t.false(await storage.exists(key))
    t.is(await storage.get(key), undefined)
    await storage.put(key, body('hello, storage'), { contentType: 'text/plain', size: 14 })
    t.true(await storage.exists(key))
    const info = await storage.stat(key)
    t.is(info?.size, 14)
    t.regex(info?.etag ?? '', /^"[^"]+"$/)
    const whole = await storage.get(key)
    t.is(await text(whole!.body), 'hello, storage')
    t.is(whole?.size, 14)
    const part = await storage.get(key, { start: 7, end: 13 })
    t.is(await text(part!.body), 'storage')
    t.is(part?.size, 14, 'the size of a range read is the whole file’s')
    await storage.delete(key)
    t.false(await storage.exists(key))
    await t.notThrowsAsync(storage.delete(key), 'deleting a missing file is not an error')
  })

  test(`${name}: a stream that fails mid-upload leaves no file`, async (t) => {
    const storage = make()
    const key = `media/${randomBytes(4).toString('hex')}.bin`
    await t.throwsAsync(storage.put(key, failing(), { contentType: 'application/octet-stream' }))
    t.false(await storage.exists(key))
  })

  test(`${name}: keys that would leave the root are refused before anything is touched`, async (t) => {
    const storage = make()
    for (const key of [
      '../escape.txt',
      'media/../../x',
      '/etc/passwd',
      'a//b',
      'a\\..\\b',
      'a/\u0000b',
    ])
      await t.throwsAsync(storage.put(key, body('x'), { contentType: 'text/plain' }), {
        message: /Invalid storage key/,
      })
  })
}

test('local: a file is stored whole under its key, with no temporary file left', async (t) => {
  const storage = localStorage(localRoot)
  const data = randomBytes(300_000)
  await storage.put('big/file.bin', Readable.from([data.subarray(0, 1000), data.subarray(1000)]), {
    contentType: 'application/octet-stream',
  })
  t.deepEqual(await readdir(path.join(localRoot, 'big')), ['file.bin'])
  const got = await storage.get('big/file.bin')
  const chunks: Buffer[] = []
  for await (const chunk of got!.body) chunks.push(chunk as Buffer)
  t.true(Buffer.concat(chunks).equals(data))
  await t.throwsAsync(storage.put('big/file.bin', body('other'), { contentType: 'text/plain' }), {
    code: 'EEXIST',
  })
})

test('s3: the stored object keeps its content type, and url() gives a public or a signed link', async (t) => {
  const storage = s3Adapter(s3.options())
  await storage.put('img/a.txt', body('abc'), { contentType: 'text/plain' })
  t.is((await storage.stat('img/a.txt'))?.contentType, 'text/plain')
  t.is(await storage.url?.('img/a.txt'), undefined, 'served through the API by default')
  const pub = s3Adapter(s3.options({ publicUrl: 'https://cdn.example.com/', prefix: 'p' }))
  t.is(await pub.url?.('img/a.txt'), 'https://cdn.example.com/p/img/a.txt')
  const signed = await s3Adapter(s3.options({ signedDownloads: { expiresIn: 60 } })).url?.(
    'img/a.txt',
  )
  t.regex(signed ?? '', /\/media\/img\/a\.txt\?.*X-Amz-Signature=/)
  const fetched = await fetch(signed ?? '')
  t.is(fetched.status, 200)
  t.is(await fetched.text(), 'abc')
})

test('s3: a 12 MB file streams up in parts and reads back whole', async (t) => {
  const storage = s3Adapter(s3.options())
  const data = randomBytes(12 * 1024 * 1024)
  const chunks = Array.from({ length: 12 }, (_, i) =>
    data.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
  )
  await storage.put('big/12mb.bin', Readable.from(chunks), {
    contentType: 'application/octet-stream',
  })
  t.is((await storage.stat('big/12mb.bin'))?.size, data.length)
  const got = await storage.get('big/12mb.bin')
  const back: Buffer[] = []
  for await (const chunk of got!.body) back.push(chunk as Buffer)
  t.true(Buffer.concat(back).equals(data))
})
