/**
 * Implemented options that name or describe things in the contracts and the types file (issue 18), which no other
 * suite set to a value of their own. Each test fails if the compilers stopped reading its option.
 */
import test from 'ava'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { compileSDL } from '../../server/contracts/graphql.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { generateTypes } from '../../server/contracts/typescript.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

const config = sanitizeConfig({
  serverURL: 'https://cms.example.com',
  endpoints: [
    {
      path: '/ping',
      method: 'post',
      handler: () => new Response(),
      openapi: {
        summary: 'Ping the CMS',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', required: ['n'] } } },
        },
      },
    },
  ],
  collections: [
    {
      slug: 'notes',
      fields: [
        { name: 'status', type: 'select', options: ['a', 'b'], interfaceName: 'NoteStatus' },
        { name: 'mood', type: 'radio', options: ['x', 'y'], interfaceName: 'NoteMood' },
        { name: 'headline', type: 'text', label: 'Headline' },
        {
          type: 'tabs',
          tabs: [
            {
              name: 'seo',
              label: 'Search',
              interfaceName: 'SeoTab',
              fields: [{ name: 't', type: 'text' }],
            },
          ],
        },
      ],
    },
  ],
  globals: [{ slug: 'site', label: 'Website Settings', fields: [{ name: 'x', type: 'text' }] }],
})
const openapi = compileOpenAPI(config) as any
const sdl = compileSDL(config)
const types = generateTypes(config)

test('select and radio interfaceName name their enum and type', (t) => {
  t.regex(sdl, /^enum NoteStatus \{/m)
  t.regex(sdl, /^enum NoteMood \{/m)
  t.regex(types, /^export type NoteStatus = "a" \| "b";$/m)
  t.regex(types, /^export type NoteMood = "x" \| "y";$/m)
})

test('a field label and a named tab label describe the field; the tab interfaceName names its type', (t) => {
  const note = openapi.components.schemas.Note.properties
  t.is(note.headline.title, 'Headline')
  t.is(note.seo.title, 'Search')
  t.deepEqual(note.seo.anyOf[0], { $ref: '#/components/schemas/SeoTab' })
  t.regex(sdl, /"""Search"""\n {2}seo: SeoTab/)
  t.regex(types, /seo\?: SeoTab \| null;/)
})

test("a global label names the global's types and operations", (t) => {
  t.truthy(openapi.components.schemas.WebsiteSetting)
  t.is(openapi.paths['/globals/site'].get.summary, 'Read Website Settings')
  t.regex(sdl, /^type WebsiteSetting \{/m)
})

test('an endpoint openapi summary and requestBody are the operation’s; serverURL names the API', (t) => {
  const ping = openapi.paths['/ping'].post
  t.is(ping.summary, 'Ping the CMS')
  t.deepEqual(ping.requestBody, {
    required: true,
    content: { 'application/json': { schema: { type: 'object', required: ['n'] } } },
  })
  t.is(openapi.info.title, 'CmsExampleCom API')
})

test('typescript.outputFile is where cms generate:types writes', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-types-'))
  await writeFile(
    path.join(dir, 'cms.config.ts'),
    `export default { typescript: { outputFile: 'out/my-types.ts' }, collections: [{ slug: 'notes', fields: [{ name: 'text', type: 'text' }] }] }\n`,
  )
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, 'server/cli.ts'), 'generate:types'],
    { cwd: dir, env: { ...process.env, CMS_CONFIG_PATH: path.join(dir, 'cms.config.ts') } },
  )
  t.regex(stdout, /Wrote out\/my-types\.ts\./)
  t.regex(await readFile(path.join(dir, 'out/my-types.ts'), 'utf8'), /export interface Note \{/)
})
