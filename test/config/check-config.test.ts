import test from 'ava'
import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { reviewConfig } from '../../server/config/load.ts'

const run = promisify(execFile)

/** Writes `source` as a config file in a fresh folder; returns its path. */
async function configFile(source: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-check-config-'))
  const file = path.join(dir, 'cms.config.ts')
  await writeFile(file, source)
  return file
}

/** `cms check-config` on a config file: its exit code and output. */
async function checkConfig(file: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, ['server/cli.ts', 'check-config'], {
      env: { ...process.env, CMS_CONFIG_PATH: file },
    })
    return { code: 0, stdout }
  } catch (error) {
    const e = error as { code: number; stdout: string }
    return { code: e.code, stdout: e.stdout }
  }
}

// Three refusals in three different places, which a start reports one at a time.
const PORTED = `export default {
  secret: 'a-test-secret-that-is-long-enough-1234',
  jobs: { tasks: [], stats: true },
  // Payload's configs pass the sharp module; a stand-in (the file lives outside this package's node_modules).
  sharp: function sharp() {},
  admin: { user: 'users', meta: { titleSuffix: ' - Site' } },
  collections: [
    {
      slug: 'posts',
      admin: { useAsTitle: 'title', group: 'Content' },
      enableQueryPresets: true,
      fields: [
        { name: 'title', type: 'text', localized: true, admin: { position: 'sidebar', description: 'Shown on cards' } },
        { name: 'body', type: 'richText', editor: { name: 'lexical' } },
        { name: 'slug', type: 'text', unique: true, sluggish: true },
      ],
    },
  ],
}
`

test('check-config lists every refused and every ignored key of a config in one pass', async (t) => {
  const { code, stdout } = await checkConfig(await configFile(PORTED))
  t.is(code, 1)
  const refused = [
    'jobs.stats is not supported: there is no jobs stats global; remove stats',
    'collections[posts].enableQueryPresets is not supported',
    'collections[posts].fields[2] (slug).sluggish is not an option of a text field',
  ]
  for (const line of refused) t.true(stdout.includes(`  ${line}`), line)
  t.true(stdout.includes('Refused (3)'))
  const ignored = [
    'admin.user: kept in the config for an admin UI',
    'admin.meta: kept in the config for an admin UI',
    'collections[posts].admin.group: kept in the config for an admin UI',
    'collections[posts].fields[0] (title).localized: the config has no localization',
    'collections[posts].fields[0] (title).admin.position: kept in the config for an admin UI',
    "collections[posts].fields[1] (body).editor: not this server's lexicalEditor()",
    'sharp: images are processed with the sharp this server depends on',
  ]
  for (const line of ignored) t.true(stdout.includes(`  ${line}`), line)
  t.true(stdout.includes('Accepted without server behaviour (7)'))
  // Keys the server reads are neither refused nor ignored.
  t.false(stdout.includes('useAsTitle'))
  t.false(stdout.includes('admin.description'))
  t.true(stdout.includes('The config does not start as written.'))
})

test('check-config passes a config that starts, still telling what it ignores', async (t) => {
  const file = await configFile(
    PORTED.replace('jobs: { tasks: [], stats: true },', '')
      .replace('enableQueryPresets: true,', '')
      .replace(', sluggish: true', ''),
  )
  const { code, stdout } = await checkConfig(file)
  t.is(code, 0)
  t.false(stdout.includes('Refused'))
  t.true(stdout.includes('Accepted without server behaviour (7)'))
  t.true(stdout.includes('The config starts as written.'))
})

test('check-config reports the first other config error once nothing is refused', async (t) => {
  const file = await configFile(`export default {
  secret: 'a-test-secret-that-is-long-enough-1234',
  collections: [{ slug: 'posts', admin: { useAsTitle: 'headline' }, fields: [{ name: 'title', type: 'text' }] }],
}
`)
  const review = await reviewConfig(file)
  t.deepEqual(review.refused, [])
  t.regex(review.error ?? '', /useAsTitle.*headline/)
  const { code, stdout } = await checkConfig(file)
  t.is(code, 1)
  t.regex(stdout, /Config error: .*headline/)
})

test('check-config runs the checks the start runs beyond the sanitiser: a defaultPopulate that is not a select', async (t) => {
  // Issue 55, blocker 7: check-config passed a defaultPopulate the start then refused.
  const source = (select: string) => `export default {
  secret: 'a-test-secret-that-is-long-enough-1234',
  collections: [{ slug: 'posts', defaultPopulate: ${select}, fields: [{ name: 'title', type: 'text' }] }],
}
`
  const bad = await checkConfig(await configFile(source("{ title: 'yes' }")))
  t.is(bad.code, 1)
  t.regex(
    bad.stdout,
    /Config error: .*title.*must be true, false.*defaultPopulate is a select of this collection's fields/,
  )
  // A key naming no field selects nothing, as in Payload (templates/ecommerce names one): accepted, and listed.
  const unknown = await checkConfig(await configFile(source('{ title: true, headline: true }')))
  t.is(unknown.code, 0, unknown.stdout)
  t.regex(
    unknown.stdout,
    /collections\[posts\]\.defaultPopulate\.headline: names no field of the collection, so it selects nothing/,
  )
})

test("a default column may be a dotted path into a field, as Payload's admin takes it; its first segment is checked", async (t) => {
  const source = (column: string) => `export default {
  secret: 'a-test-secret-that-is-long-enough-1234',
  collections: [{
    slug: 'links',
    admin: { defaultColumns: ['title', '${column}'] },
    fields: [{ name: 'title', type: 'text' }, { name: 'to', type: 'group', fields: [{ name: 'type', type: 'text' }] }],
  }],
}
`
  const ok = await checkConfig(await configFile(source('to.type')))
  t.is(ok.code, 0, ok.stdout)
  t.regex(ok.stdout, /The config starts as written/)
  const typo = await checkConfig(await configFile(source('too.type')))
  t.is(typo.code, 1)
  t.regex(typo.stdout, /admin\.defaultColumns\[1\] "too\.type" names no field/)
})

test('an index where no column holds the value is accepted and listed; unique there is kept, but not on hasMany text', async (t) => {
  // multi-tenant's tenants array indexes its row's relationship (issue 55).
  const source = (extra: string) => `export default {
  secret: 'a-test-secret-that-is-long-enough-1234',
  localization: { locales: ['en', 'de'], defaultLocale: 'en' },
  collections: [{ slug: 'tenants', fields: [] }, {
    slug: 'users',
    auth: true,
    fields: [
      { name: 'tenants', type: 'array', fields: [{ name: 'tenant', type: 'relationship', relationTo: 'tenants', index: true${extra} }] },
      { name: 'nick', type: 'text', localized: true, index: true },
    ],
  }],
}
`
  const ok = await checkConfig(await configFile(source('')))
  t.is(ok.code, 0, ok.stdout)
  t.regex(ok.stdout, /The config starts as written/)
  t.regex(
    ok.stdout,
    /tenants\.tenant\.index|fields\[0\] \(tenants\)\.fields\[0\] \(tenant\)\.index: the value is stored inside one JSON value \(the rows of an array or blocks field\)/,
  )
  t.regex(
    ok.stdout,
    /\(nick\)\.index: the value is stored inside one JSON value \(every locale together\)/,
  )
  // unique there is kept through the unique-values table (issue 55): nothing refused, nothing listed for it.
  const unique = await checkConfig(await configFile(source(', unique: true')))
  t.is(unique.code, 0, unique.stdout)
  t.notRegex(unique.stdout, /\(tenant\)\.unique/)
  const many = await checkConfig(
    await configFile(
      source('').replace(
        "{ name: 'nick'",
        "{ name: 'codes', type: 'text', hasMany: true, unique: true }, { name: 'nick'",
      ),
    ),
  )
  t.is(many.code, 1)
  t.regex(
    many.stdout,
    /field "codes": unique is not supported on hasMany text fields \(Payload refuses it too/,
  )
})

test("a group's index and unique are accepted and listed, as Payload's SQL adapters take them", async (t) => {
  // The website template's search overrides index plugin-search's `meta` group (issue 55).
  const source = (key: string) => `export default {
  secret: 'a-test-secret-that-is-long-enough-1234',
  collections: [{
    slug: 'pages',
    fields: [{ name: 'meta', type: 'group', ${key}: true, fields: [{ name: 'title', type: 'text' }] }],
  }],
}
`
  const ok = await checkConfig(await configFile(source('index')))
  t.is(ok.code, 0, ok.stdout)
  t.regex(ok.stdout, /The config starts as written/)
  t.regex(
    ok.stdout,
    /fields\[0\] \(meta\)\.index: a group has no column of its own, so there is nothing to index/,
  )
  const unique = await checkConfig(await configFile(source('unique')))
  t.is(unique.code, 0, unique.stdout)
  t.regex(
    unique.stdout,
    /\(meta\)\.unique: a group has no value of its own, so there is nothing to keep unique \(Payload's SQL adapters ignore it too\); set unique on the fields inside the group\./,
  )
})

test('check-config names a missing config file', async (t) => {
  const review = await reviewConfig('/nonexistent/cms.config.ts')
  t.regex(review.error ?? '', /No config at \/nonexistent\/cms.config.ts/)
})
