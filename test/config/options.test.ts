/**
 * The config never lies (issue 18): every key of every option table is either implemented or refused at start with
 * a ConfigError naming its full path and what to do; any other key is refused as unknown, at every nesting level.
 */
import test from 'ava'
import type { ExecutionContext } from 'ava'
import { checkOptions } from '../../server/config/check-options.ts'
import { FIELD_TABLES, OPTION_TABLES, type OptionTable } from '../../server/config/options.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { Config, FieldType } from '../../server/config/types.ts'
import { fieldTypeRefusalsByType } from '../../server/config/unsupported.ts'

type Obj = Record<string, unknown>
/** Where an object of one table sits in a config: the config holding `options` there, and the object's path. */
type Place = (options: Obj) => [config: Obj, path: string]

const handler = () => new Response()
const inCollection =
  (path: string, wrap: (o: Obj) => Obj): Place =>
  (o) => [{ collections: [{ slug: 'posts', fields: [], ...wrap(o) }] }, `collections[posts]${path}`]
const inField =
  (field: Obj, path: string, wrap: (o: Obj) => Obj = (o) => o): Place =>
  (o) => [
    { collections: [{ slug: 'posts', fields: [{ ...field, ...wrap(o) }] }] },
    `collections[posts].fields[0]${field.name ? ` (${String(field.name)})` : ''}${path}`,
  ]
const at =
  (key: string): Place =>
  (o) => [{ [key]: o }, key]

const places: Record<keyof typeof OPTION_TABLES, Place> = {
  config: (o) => [o, ''],
  routes: at('routes'),
  graphQL: at('graphQL'),
  typescript: at('typescript'),
  folders: at('folders'),
  db: at('db'),
  limits: at('limits'),
  population: (o) => [{ limits: { population: o } }, 'limits.population'],
  where: (o) => [{ limits: { where: o } }, 'limits.where'],
  richTextLimits: (o) => [{ limits: { richText: o } }, 'limits.richText'],
  imageLimits: (o) => [{ limits: { images: o } }, 'limits.images'],
  rowLimits: (o) => [{ limits: { rows: o } }, 'limits.rows'],
  readLimits: (o) => [{ limits: { read: o } }, 'limits.read'],
  ordersApi: at('ordersApi'),
  webhooks: at('webhooks'),
  webhookEndpoint: (o) => [{ webhooks: { endpoints: [o] } }, 'webhooks.endpoints[0]'],
  email: at('email'),
  apiDocs: at('apiDocs'),
  rateLimit: at('rateLimit'),
  rateLimitRule: (o) => [{ rateLimit: { login: o } }, 'rateLimit.login'],
  localization: at('localization'),
  i18n: at('i18n'),
  locale: (o) => [
    { localization: { locales: [{ code: 'en', ...o }], defaultLocale: 'en' } },
    'localization.locales[0] (en)',
  ],
  endpoint: (o) => [
    { endpoints: [{ path: '/x', method: 'get', handler, ...o }] },
    'endpoints[0] (/x)',
  ],
  endpointOpenapi: (o) => [
    { endpoints: [{ path: '/x', method: 'get', handler, openapi: o }] },
    'endpoints[0] (/x).openapi',
  ],
  collection: inCollection('', (o) => o),
  labels: inCollection('.labels', (o) => ({ labels: o })),
  upload: inCollection('.upload', (o) => ({ upload: o })),
  collectionFolders: inCollection('.folders', (o) => ({ folders: o })),
  uploadLimits: inCollection('.upload.limits', (o) => ({ upload: { limits: o } })),
  rootUpload: at('upload'),
  collectionAccess: inCollection('.access', (o) => ({ access: o })),
  collectionHooks: inCollection('.hooks', (o) => ({ hooks: o })),
  compoundIndex: inCollection('.indexes[0]', (o) => ({ indexes: [o] })),
  auth: inCollection('.auth', (o) => ({ auth: o })),
  forgotPassword: inCollection('.auth.forgotPassword', (o) => ({ auth: { forgotPassword: o } })),
  authCookies: inCollection('.auth.cookies', (o) => ({ auth: { cookies: o } })),
  authStrategy: inCollection('.auth.strategies[0] (sso)', (o) => ({
    auth: { strategies: [{ name: 'sso', authenticate: handler, ...o }] },
  })),
  verify: inCollection('.auth.verify', (o) => ({ auth: { verify: o } })),
  loginWithUsername: inCollection('.auth.loginWithUsername', (o) => ({
    auth: { loginWithUsername: o },
  })),
  versions: inCollection('.versions', (o) => ({ versions: o })),
  drafts: inCollection('.versions.drafts', (o) => ({ versions: { drafts: o } })),
  autosave: inCollection('.versions.drafts.autosave', (o) => ({
    versions: { drafts: { autosave: o } },
  })),
  globalVersions: (o) => [
    { globals: [{ slug: 'site', fields: [], versions: o }] },
    'globals[site].versions',
  ],
  global: (o) => [{ globals: [{ slug: 'site', fields: [], ...o }] }, 'globals[site]'],
  globalAccess: (o) => [
    { globals: [{ slug: 'site', fields: [], access: o }] },
    'globals[site].access',
  ],
  globalHooks: (o) => [
    { globals: [{ slug: 'site', fields: [], hooks: o }] },
    'globals[site].hooks',
  ],
  fieldAccess: inField({ name: 'title', type: 'text' }, '.access', (o) => ({ access: o })),
  fieldHooks: inField({ name: 'title', type: 'text' }, '.hooks', (o) => ({ hooks: o })),
  block: (o) => [
    {
      collections: [
        {
          slug: 'posts',
          fields: [
            { name: 'layout', type: 'blocks', blocks: [{ slug: 'hero', fields: [], ...o }] },
          ],
        },
      ],
    },
    'collections[posts].fields[0] (layout).blocks[0] (hero)',
  ],
  tab: inField({ type: 'tabs' }, '.tabs[0] (t)', (o) => ({
    tabs: [{ name: 't', fields: [], ...o }],
  })),
  unnamedGroup: inField({ type: 'group', fields: [] }, ''),
  option: inField({ name: 'kind', type: 'select' }, '.options[0]', (o) => ({
    options: [{ value: 'a', ...o }],
  })),
  jobs: at('jobs'),
  jobsAccess: (o) => [{ jobs: { access: o } }, 'jobs.access'],
  jobsTask: (o) => [{ jobs: { tasks: [{ slug: 'ping', handler, ...o }] } }, 'jobs.tasks[ping]'],
  jobsWorkflow: (o) => [
    { jobs: { workflows: [{ slug: 'flow', handler, ...o }] } },
    'jobs.workflows[flow]',
  ],
  jobsRetries: (o) => [
    { jobs: { tasks: [{ slug: 'ping', handler, retries: o }] } },
    'jobs.tasks[ping].retries',
  ],
  jobsAutoRun: (o) => [{ jobs: { autoRun: [{ cron: '* * * * *', ...o }] } }, 'jobs.autoRun[0]'],
}

/** The smallest field of each type; a field's table applies to it. */
const minimalFields: Record<FieldType, Obj> = {
  text: { name: 'f', type: 'text', hasMany: true },
  textarea: { name: 'f', type: 'textarea' },
  email: { name: 'f', type: 'email' },
  code: { name: 'f', type: 'code' },
  number: { name: 'f', type: 'number', hasMany: true },
  checkbox: { name: 'f', type: 'checkbox' },
  date: { name: 'f', type: 'date' },
  select: { name: 'f', type: 'select', options: ['a'], hasMany: true },
  radio: { name: 'f', type: 'radio', options: ['a'] },
  json: { name: 'f', type: 'json' },
  richText: { name: 'f', type: 'richText' },
  point: { name: 'f', type: 'point' },
  relationship: { name: 'f', type: 'relationship', relationTo: 'posts', hasMany: true },
  upload: { name: 'f', type: 'upload', relationTo: 'posts', hasMany: true },
  join: { name: 'f', type: 'join', collection: 'posts', on: 'parent' },
  array: { name: 'f', type: 'array', fields: [{ name: 'x', type: 'text' }] },
  blocks: { name: 'f', type: 'blocks', blocks: [{ slug: 'b', fields: [] }] },
  group: { name: 'f', type: 'group', fields: [{ name: 'x', type: 'text' }] },
  row: { type: 'row', fields: [] },
  collapsible: { type: 'collapsible', fields: [] },
  tabs: { type: 'tabs', tabs: [] },
  ui: { name: 'f', type: 'ui' },
}

const tables: [string, OptionTable, Place][] = [
  ...Object.entries(OPTION_TABLES).map(([name, table]): [string, OptionTable, Place] => [
    name,
    table,
    places[name as keyof typeof OPTION_TABLES],
  ]),
  ...(Object.entries(FIELD_TABLES) as [FieldType, OptionTable][]).map(
    ([type, table]): [string, OptionTable, Place] => [
      `${type} field`,
      table,
      inField(minimalFields[type], ''),
    ],
  ),
]

const refuses = (t: ExecutionContext, config: unknown, message: string | RegExp) => {
  const error = t.throws(() => sanitizeConfig(config as Config))
  t.is(error?.name, 'ConfigError')
  if (typeof message === 'string') t.true(error?.message.startsWith(message), error?.message)
  else t.regex(error?.message ?? '', message)
  return error?.message ?? ''
}
const join = (path: string, key: string) => (path ? `${path}.${key}` : key)

test('every key of every table is implemented or refused, never both; every refusal says what to do', (t) => {
  let implemented = 0
  let refused = 0
  for (const [name, table] of tables) {
    for (const key of Object.keys(table.refused)) {
      t.false(Object.hasOwn(table.implemented, key), `${name}.${key} is both`)
      t.regex(table.refused[key], /remove/, `${name}.${key} says what to do`)
    }
    for (const key of Object.keys(table.implemented)) t.is(table.implemented[key], 'implemented')
    implemented += Object.keys(table.implemented).length
    refused += Object.keys(table.refused).length
  }
  t.log(`${implemented} implemented and ${refused} refused options in ${tables.length} tables`)
})

test('every refused option, placed in a config, is a ConfigError naming its path and what to do', (t) => {
  for (const [, table, place] of tables) {
    for (const [key, message] of Object.entries(table.refused)) {
      const [config, path] = place({ [key]: true })
      refuses(t, config, `${join(path, key)} is not supported: ${message}`)
    }
  }
})

test('every implemented option passes the option check where its table applies', (t) => {
  for (const [name, table, place] of tables) {
    for (const key of Object.keys(table.implemented)) {
      // Any object where an object belongs passes; `versions.drafts` is true or false.
      const [config] = place({ [key]: key === 'drafts' ? true : {} })
      t.notThrows(() => checkOptions(config), `${name}.${key}`)
    }
  }
})

test('the options named in issue 18 are refused with their full path', (t) => {
  const posts = (extra: Obj, fields: Obj[] = []) => ({
    collections: [{ slug: 'posts', fields, ...extra }],
  })
  // useAPIKey and cookies are implemented since issue 20 (test/http/api-keys.test.ts, auth-options.test.ts).
  refuses(
    t,
    posts({ auth: { disableLocalStrategy: true } }),
    /^collections\[posts\]\.auth\.disableLocalStrategy is not supported: email and password login cannot be turned off/,
  )
  refuses(
    t,
    posts({ auth: { disableLocalStrategy: true } }),
    /^collections\[posts\]\.auth\.disableLocalStrategy is not supported/,
  )
  refuses(
    t,
    posts({ auth: { cookies: { sameSite: 'None', path: '/api' } } }),
    /^collections\[posts\]\.auth\.cookies\.path is not an option of auth\.cookies/,
  )
  refuses(
    t,
    posts({ enableQueryPresets: true }),
    /^collections\[posts\]\.enableQueryPresets is not supported: query presets are an admin-panel feature/,
  )
  // Autosave (issue 19) and schedulePublish (issue 39, docs/jobs.md) are implemented; the other draft options are still refused.
  refuses(
    t,
    posts({ versions: { drafts: { autosave: true, localizeStatus: true } } }),
    /^collections\[posts\]\.versions\.drafts\.localizeStatus is not supported/,
  )
  refuses(
    t,
    posts({ versions: { drafts: { autosave: { showSaveDraftButton: true } } } }),
    /^collections\[posts\]\.versions\.drafts\.autosave\.showSaveDraftButton is not supported/,
  )
  refuses(
    t,
    posts({ graphQL: { singularName: 'Article', pluralName: 'Articles' } }),
    /^collections\[posts\]\.graphQL is not supported: .*set labels/,
  )
  refuses(t, posts({ dbName: 'articles' }), /^collections\[posts\]\.dbName is not supported/)
  refuses(t, posts({ forceSelect: { title: true } }), /^collections\[posts\]\.forceSelect/)
  refuses(
    t,
    posts({}, [
      { name: 'a', type: 'text' },
      { name: 'b', type: 'text' },
      { name: 'c', type: 'text' },
      { name: 'title', type: 'text', virtual: 'author.name' },
    ]),
    /^Collection "posts", field "title": virtual must be true or false \(a path to a related field, Payload's virtual relationship link, is not supported/,
  )
  refuses(
    t,
    posts({}, [{ name: 'kind', type: 'select', options: ['a'], filterOptions: () => true }]),
    /^collections\[posts\]\.fields\[0\] \(kind\)\.filterOptions is not supported/,
  )
  // drafts and autosave are true, false or an object.
  refuses(
    t,
    posts({ versions: { drafts: 'yes' } }),
    'collections[posts].versions.drafts must be true, false or an object.',
  )
  refuses(
    t,
    { globals: [{ slug: 'site', fields: [], versions: { drafts: { autosave: 1 } } }] },
    'globals[site].versions.drafts.autosave must be true, false or an object.',
  )
  refuses(
    t,
    { globals: [{ slug: 'site', fields: [], versions: { maxPerDoc: 3 } }] },
    /^globals\[site\]\.versions\.maxPerDoc is not an option of a global's versions\. Accepted: drafts, max\.$/,
  )
})

test('unknown keys are refused at every level with the accepted keys and a close match', (t) => {
  const message = refuses(
    t,
    { collectons: [] },
    /^collectons is not an option of the config\. Accepted: collections, globals/,
  )
  t.regex(message, /Did you mean "collections"\?$/)
  refuses(
    t,
    { collections: [{ slug: 'posts', feilds: [], fields: [] }] },
    /^collections\[posts\]\.feilds is not an option of a collection\. Accepted: slug, labels, fields, .*Did you mean "fields"\?$/,
  )
  refuses(
    t,
    {
      collections: [
        {
          slug: 'posts',
          fields: [
            { name: 'title', type: 'text' },
            {
              name: 'meta',
              type: 'group',
              fields: [
                {
                  name: 'items',
                  type: 'array',
                  fields: [
                    { name: 'x', type: 'text' },
                    { name: 'y', type: 'number', minimum: 1 },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    /^collections\[posts\]\.fields\[1\] \(meta\)\.fields\[0\] \(items\)\.fields\[1\] \(y\)\.minimum is not an option of a number field\. Accepted: .*\bmin\b/,
  )
  refuses(
    t,
    {
      collections: [
        {
          slug: 'posts',
          fields: [
            {
              name: 'layout',
              type: 'blocks',
              blocks: [
                { slug: 'hero', fields: [{ name: 'heading', type: 'text', maxlength: 10 }] },
              ],
            },
          ],
        },
      ],
    },
    /^collections\[posts\]\.fields\[0\] \(layout\)\.blocks\[0\] \(hero\)\.fields\[0\] \(heading\)\.maxlength is not an option of a text field\..* Did you mean "maxLength"\?$/,
  )
  refuses(
    t,
    { globals: [{ slug: 'site', fields: [], labels: { singular: 'Site' } }] },
    /^globals\[site\]\.labels is not an option of a global\. Accepted: slug, label, fields, access, hooks, versions, admin, custom, typescript, webhooks, lockDocuments\. Did you mean "label"\?$/,
  )
  refuses(
    t,
    { collections: [{ slug: 'users', auth: { tokenExpires: 60 }, fields: [] }] },
    /^collections\[users\]\.auth\.tokenExpires is not an option of auth\. Accepted: tokenExpiration, .* Did you mean "tokenExpiration"\?$/,
  )
  // Only an implemented option is accepted where another field type has it: hasMany on a textarea.
  refuses(
    t,
    {
      collections: [{ slug: 'posts', fields: [{ name: 'body', type: 'textarea', hasMany: true }] }],
    },
    /^collections\[posts\]\.fields\[0\] \(body\)\.hasMany is not an option of a textarea field/,
  )
  // An option object that is not an object says so.
  refuses(t, { routes: '/api' }, 'routes must be an object (routes).')
  refuses(
    t,
    { collections: [{ slug: 'users', auth: 'yes', fields: [] }] },
    'collections[users].auth must be true, false or an object.',
  )
})

test('options that apply only in some shapes are refused elsewhere', (t) => {
  const posts = (fields: Obj[]) => ({ collections: [{ slug: 'posts', fields }] })
  refuses(
    t,
    posts([{ name: 'author', type: 'relationship', relationTo: 'posts', maxRows: 3 }]),
    /^collections\[posts\]\.fields\[0\] \(author\)\.maxRows only applies to a relationship with hasMany: true/,
  )
  refuses(
    t,
    posts([
      {
        type: 'tabs',
        tabs: [{ label: 'SEO', interfaceName: 'Seo', fields: [{ name: 'x', type: 'text' }] }],
      },
    ]),
    /^collections\[posts\]\.fields\[0\]\.tabs\[0\] \(SEO\)\.interfaceName only applies to a named tab/,
  )
  // Field access inside rows (read, and since issue 55 create and update: test/local/row-field-access) and groups.
  t.notThrows(() =>
    sanitizeConfig(
      posts([
        {
          name: 'items',
          type: 'array',
          fields: [{ name: 'x', type: 'text', access: { read: () => false, update: () => false } }],
        },
        {
          name: 'layout',
          type: 'blocks',
          blocks: [
            { slug: 'b', fields: [{ name: 'x', type: 'text', access: { create: () => false } }] },
          ],
        },
        {
          name: 'meta',
          type: 'group',
          fields: [{ name: 'x', type: 'text', access: { update: () => false } }],
        },
      ]) as unknown as Config,
    ),
  )
  // A hasMany relation is stored as one JSON list: its index is accepted and has no column (issue 55).
  t.notThrows(() =>
    sanitizeConfig(
      posts([
        { name: 'related', type: 'relationship', relationTo: 'posts', hasMany: true, index: true },
      ]) as unknown as Config,
    ),
  )
  for (const [type, message] of Object.entries(fieldTypeRefusalsByType))
    refuses(
      t,
      posts([{ name: 'file', type, relationTo: 'posts' }]),
      `collections[posts].fields[0] (file): type "${type}" is not supported: ${message}`,
    )
  // A key set to undefined or null asks for nothing: a spread config may clear an option that way.
  t.notThrows(() => sanitizeConfig({ collections: [], trash: undefined, kv: null } as Config))
})
