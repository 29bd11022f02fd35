import test from 'ava'
import { pino } from 'pino'
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getCms, type Config } from '../../server/index.ts'
import { listen } from '../../server/http/server.ts'
import { compileContract } from '../../server/contracts/openapi.ts'
import { contractKey } from '../../server/contracts/cache.ts'

// The compiled contract kept between starts (server/contracts/cache.ts, `cms start`): used again only while the
// config, the environment and the server's sources are the same.
const dir = mkdtempSync(path.join(tmpdir(), 'cms-contract-cache-test-'))
const previous = process.env.CMS_CONTRACT_CACHE
process.env.CMS_CONTRACT_CACHE = dir
test.after.always(() => {
  if (previous === undefined) delete process.env.CMS_CONTRACT_CACHE
  else process.env.CMS_CONTRACT_CACHE = previous
  rmSync(dir, { recursive: true, force: true })
})

const config = (fields: string[], read: () => boolean = () => true): Config => ({
  db: { url: 'sqlite::memory:' },
  collections: [
    { slug: 'notes', access: { read }, fields: fields.map((name) => ({ name, type: 'text' })) },
  ],
})

/** Starts a server on `given`, and answers the contract it serves. */
async function served(given: Config, options = { contractCache: true }) {
  const cms = await getCms({ config: given })
  const server = await listen(cms, { port: 0, logger: pino({ level: 'silent' }), ...options })
  try {
    const res = await fetch(`${server.url}/api/openapi.json`)
    return { document: (await res.json()) as Record<string, unknown>, cms }
  } finally {
    await server.close()
  }
}
const files = () => readdirSync(dir).filter((f) => f.endsWith('.json'))
const noteFields = (doc: Record<string, unknown>) =>
  Object.keys(
    (doc as { components: { schemas: { Note: { properties: object } } } }).components.schemas.Note
      .properties,
  )

test.serial(
  'a start stores the contract; the next start with the same config serves it from the file',
  async (t) => {
    const first = await served(config(['title']))
    t.deepEqual(first.document, JSON.parse(JSON.stringify(compileContract(first.cms.config))))
    t.is(files().length, 1)
    // Marked in the file: the next start serves the mark, so it read the file rather than compiling.
    const file = path.join(dir, files()[0])
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { info: Record<string, unknown> }
    stored.info.description = 'read from the cache'
    writeFileSync(file, JSON.stringify(stored))
    const second = await served(config(['title']))
    t.is((second.document.info as { description: string }).description, 'read from the cache')
    t.is(files().length, 1)
  },
)

test.serial('a changed config, function or environment is compiled again', async (t) => {
  const before = files().length
  const wider = await served(config(['title', 'summary']))
  t.deepEqual(
    noteFields(wider.document).filter((k) => k === 'summary'),
    ['summary'],
  )
  t.not((wider.document.info as { description?: string }).description, 'read from the cache')
  t.is(files().length, before + 1)

  const one = await getCms({ config: config(['title']) })
  const same = await getCms({ config: config(['title']) })
  const otherAccess = await getCms({ config: config(['title'], () => false) })
  t.is(contractKey(one.config), contractKey(same.config))
  t.not(contractKey(one.config), contractKey(otherAccess.config))
  const key = contractKey(one.config)
  process.env.CMS_CONTRACT_TEST_VARIABLE = 'x'
  try {
    t.not(contractKey(one.config), key)
  } finally {
    delete process.env.CMS_CONTRACT_TEST_VARIABLE
  }
  await Promise.all([one.destroy(), same.destroy(), otherAccess.destroy()])
})

test.serial(
  'CMS_CONTRACT_CACHE=off stores nothing; an unwritable folder compiles around it',
  async (t) => {
    process.env.CMS_CONTRACT_CACHE = 'off'
    const before = files().length
    try {
      const off = await served(config(['title', 'off']))
      t.true(noteFields(off.document).includes('off'))
      t.is(files().length, before)
    } finally {
      process.env.CMS_CONTRACT_CACHE = dir
    }
    const locked = path.join(dir, 'locked')
    rmSync(locked, { recursive: true, force: true })
    writeFileSync(locked, 'a file where the folder should be')
    process.env.CMS_CONTRACT_CACHE = path.join(locked, 'inside')
    try {
      const around = await served(config(['title', 'around']))
      t.true(noteFields(around.document).includes('around'))
    } finally {
      process.env.CMS_CONTRACT_CACHE = dir
      chmodSync(locked, 0o644)
    }
  },
)

test.serial('without the option (the default), nothing is stored', async (t) => {
  const before = files().length
  const plain = await served(config(['title', 'plain']), { contractCache: false })
  t.true(noteFields(plain.document).includes('plain'))
  t.is(files().length, before)
})
