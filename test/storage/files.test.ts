/**
 * Issue 34, item 6: what an upload's name and bytes are trusted for. Names are made safe and numbered as
 * Payload numbers them; types come from the content; Range headers are read as RFC 9110 says.
 */
import test from 'ava'
import { incrementName, freeFilename, sanitizeFilename } from '../../server/storage/filenames.ts'
import { parseRange } from '../../server/storage/range.ts'
import { mimeTypeAllowed, sniffType } from '../../server/storage/sniff.ts'

test('a filename keeps only its last segment, without reserved, control or leading-dot characters', (t) => {
  t.is(sanitizeFilename('../../etc/passwd'), 'passwd')
  t.is(sanitizeFilename('C:\\Users\\me\\photo.jpg'), 'photo.jpg')
  t.is(sanitizeFilename('my photo?.JPG'), 'my photo.JPG')
  t.is(sanitizeFilename('.htaccess'), 'htaccess')
  t.is(sanitizeFilename('a\u0000b\u001fc\u0085.png'), 'abc.png')
  t.is(sanitizeFilename('Grüße.txt'), 'Grüße.txt')
  const long = sanitizeFilename(`${'é'.repeat(300)}.jpeg`)
  t.true(Buffer.byteLength(long) <= 200)
  t.true(long.endsWith('é.jpeg'))
  for (const empty of ['', '..', '/', 'a/..', '\u0000', '...', '  '])
    t.throws(() => sanitizeFilename(empty), { message: /Invalid filename/ }, JSON.stringify(empty))
})

test('a taken name is numbered as Payload numbers it', async (t) => {
  t.is(incrementName('file.jpg'), 'file-1.jpg')
  t.is(incrementName('file-1.jpg'), 'file-2.jpg')
  t.is(incrementName('file-99.jpg'), 'file-100.jpg')
  t.is(incrementName('archive.tar.gz'), 'archive.tar-1.gz')
  t.is(incrementName('README'), 'README-1')
  const taken = new Set(['a.png', 'a-1.png', 'a-2.png'])
  t.is(await freeFilename('a.png', async (n) => taken.has(n)), 'a-3.png')
  t.is(await freeFilename('b.png', async (n) => taken.has(n)), 'b.png')
})

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)])

test('the type comes from the content, never from the name', async (t) => {
  t.is(await sniffType(PNG, 'photo.png'), 'image/png')
  t.is(await sniffType(PNG, 'notes.txt'), 'image/png')
  t.is(await sniffType(ELF, 'cat.jpg'), 'application/x-elf')
  t.is(
    await sniffType(Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), 'a.jpg'),
    'application/x-msdownload',
  )
  const svg = '<?xml version="1.0"?>\n<!-- x -->\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'
  t.is(await sniffType(Buffer.from(svg), 'logo.png'), 'image/svg+xml')
  t.is(await sniffType(Buffer.from('a,b\n1,2\n'), 'data.csv'), 'text/csv')
  t.is(await sniffType(Buffer.from('hello'), 'hello.bin'), 'text/plain')
  t.is(
    await sniffType(Buffer.from([0x01, 0x02, 0x00, 0x9f, 0x92, 0x03]), 'x.txt'),
    'application/octet-stream',
  )
})

test('mimeTypes patterns: exact, family wildcard, everything', (t) => {
  t.true(mimeTypeAllowed('image/png', undefined))
  t.true(mimeTypeAllowed('image/png', []))
  t.true(mimeTypeAllowed('image/png', ['image/*']))
  t.true(mimeTypeAllowed('application/pdf', ['image/*', 'application/pdf']))
  t.false(mimeTypeAllowed('application/x-elf', ['image/*', 'application/pdf']))
  t.false(mimeTypeAllowed('imagex/png', ['image/*']))
  t.true(mimeTypeAllowed('video/mp4', ['*']))
})

test('Range headers: a range, an open end, a suffix, several (the first), unsatisfiable, ignored', (t) => {
  t.deepEqual(parseRange('bytes=0-9', 100), { start: 0, end: 9 })
  t.deepEqual(parseRange('bytes=90-', 100), { start: 90, end: 99 })
  t.deepEqual(parseRange('bytes=90-500', 100), { start: 90, end: 99 })
  t.deepEqual(parseRange('bytes=-10', 100), { start: 90, end: 99 })
  t.deepEqual(parseRange('bytes=-500', 100), { start: 0, end: 99 })
  t.deepEqual(parseRange('bytes=0-0, 5-9', 100), { start: 0, end: 0 })
  t.is(parseRange('bytes=100-', 100), 'unsatisfiable')
  t.is(parseRange('bytes=9-5', 100), 'unsatisfiable')
  t.is(parseRange('bytes=-0', 100), 'unsatisfiable')
  t.is(parseRange(undefined, 100), undefined)
  t.is(parseRange('items=0-5', 100), undefined)
  t.is(parseRange('bytes=abc', 100), undefined)
})
