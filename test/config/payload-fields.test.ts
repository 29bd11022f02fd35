/**
 * Issue 33: what Payload's sanitiser accepts starts here too (ui fields, camelCase and `_`-led names, an auth
 * collection's own email and username, per-language labels, an array row's own `id`), and what it refuses, or what
 * is not built yet, stops the start with an error naming the path and what to do.
 */
import test from 'ava'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { getPayload } from '../../server/index.ts'
import type { Config, Field } from '../../server/config/types.ts'
import { slateEditor } from '@payloadcms/richtext-slate'
import { s3Storage } from '../../server/storage/s3-storage.ts'
import { compileSDL } from '../../server/contracts/graphql.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { generateTypes } from '../../server/contracts/typescript.ts'

const posts = (fields: Field[], extra: object = {}): Config => ({
  collections: [{ slug: 'posts', fields, ...extra }],
})
const rejects = (t: import('ava').ExecutionContext, config: unknown, message: RegExp) => {
  const error = t.throws(() => sanitizeConfig(config as Config))
  t.is(error?.name, 'ConfigError')
  t.regex(error?.message ?? '', message)
}
const names = (config: Config) =>
  sanitizeConfig(config).collections[0].flatFields.map((f) => f.name)

const banner = {
  name: 'banner',
  type: 'ui',
  admin: { components: { Field: '/components/Banner' }, position: 'sidebar' },
} as const

test('a ui field is accepted in every place fields go and stands for no data field', (t) => {
  const config: Config = posts([
    banner,
    {
      type: 'row',
      fields: [
        { ...banner, name: 'inRow' },
        { name: 'title', type: 'text' },
      ],
    },
    { type: 'collapsible', label: 'More', fields: [{ ...banner, name: 'inCollapsible' }] },
    {
      type: 'tabs',
      tabs: [
        { label: 'Content', fields: [{ ...banner, name: 'inTab' }] },
        {
          name: 'meta',
          fields: [
            { ...banner, name: 'inNamedTab' },
            { name: 'x', type: 'text' },
          ],
        },
      ],
    },
    {
      name: 'seo',
      type: 'group',
      fields: [
        { ...banner, name: 'inGroup' },
        { name: 'y', type: 'text' },
      ],
    },
    {
      name: 'rows',
      type: 'array',
      fields: [
        { ...banner, name: 'inArray' },
        { name: 'z', type: 'text' },
      ],
    },
    {
      name: 'layout',
      type: 'blocks',
      blocks: [
        {
          slug: 'hero',
          fields: [
            { ...banner, name: 'inBlock' },
            { name: 'w', type: 'text' },
          ],
        },
      ],
    },
  ])
  const c = sanitizeConfig(config)
  t.deepEqual(
    c.collections[0].flatFields.map((f) => f.name),
    ['title', 'meta', 'seo', 'rows', 'layout'],
  )
  // No API presence: not in OpenAPI, the SDL or the generated types.
  const everything = [JSON.stringify(compileOpenAPI(c)), compileSDL(c), generateTypes(c)].join('\n')
  for (const name of [
    'banner',
    'inRow',
    'inCollapsible',
    'inTab',
    'inNamedTab',
    'inGroup',
    'inArray',
    'inBlock',
  ])
    t.false(everything.includes(name), name)
})

test('a ui field takes name, label, admin and custom only, and needs a name', (t) => {
  rejects(t, posts([{ type: 'ui' } as never]), /field "\?": a ui field needs a name/)
  rejects(
    t,
    posts([{ ...banner, required: true } as never]),
    /collections\[posts\]\.fields\[0\] \(banner\)\.required is not an option of a ui field\. Accepted: type, name, label, admin, custom/,
  )
})

test("Payload's slugs and field names start: camelCase and _-led slugs, _-led field names", (t) => {
  const c = sanitizeConfig({
    collections: [
      { slug: 'variantOptions', fields: [{ name: '_h_folders', type: 'text' }] },
      { slug: '_h_folders', fields: [{ name: '_order', type: 'number' }] },
    ],
  })
  t.is(c.collections[0].table, 'variantOptions')
  t.deepEqual(c.collections[0].labels, { singular: 'Variant Option', plural: 'Variant Options' })
  t.is(c.collections[1].labels.singular, 'H Folder')
  const sdl = compileSDL(c)
  t.regex(sdl, /type VariantOption \{[^}]*_h_folders: String/)
  t.regex(sdl, /VariantOptions\(where: VariantOption_where/)
  t.regex(sdl, /type HFolder \{[^}]*_order: Float/)
  // Still refused: names GraphQL or the columns cannot carry, and tables SQLite would share.
  rejects(t, posts([{ name: '__x', type: 'text' }]), /field "__x": a field name must/)
  rejects(t, posts([{ name: 'a-b', type: 'text' }]), /field "a-b": a field name must/)
  rejects(
    t,
    { collections: [{ slug: 'variant options', fields: [] }] },
    /slug "variant options" is invalid/,
  )
  rejects(
    t,
    {
      collections: [
        { slug: 'variantOptions', fields: [] },
        { slug: 'variantoptions', fields: [] },
      ],
    },
    /Collection "variantoptions": its table name "variantoptions" collides with collection "variantOptions" \(table names ignore case\)/,
  )
  rejects(
    t,
    {
      collections: [
        { slug: 'posts', versions: true, fields: [] },
        { slug: '_posts_versions', fields: [] },
      ],
    },
    /Collection "_posts_versions": its table name "_posts_versions" collides with collection "posts"/,
  )
  rejects(t, { collections: [{ slug: 'CMS_x', fields: [] }] }, /reserved for internal tables/)
})

test("an auth collection's own email and username are merged into the auth fields, as Payload merges them", (t) => {
  const c = sanitizeConfig({
    collections: [
      {
        slug: 'users',
        auth: { loginWithUsername: { allowEmailLogin: true } },
        fields: [
          { name: 'firstName', type: 'text' },
          {
            name: 'email',
            type: 'email',
            label: 'Work email',
            admin: { description: 'Used to log in' },
          },
          { name: 'username', type: 'text', index: true, maxLength: 30 },
        ],
      },
    ],
  }).collections[0]
  const email = c.flatFields.find((f) => f.name === 'email')
  const username = c.flatFields.find((f) => f.name === 'username')
  // The declared options over the auth defaults: still unique and (without requireEmail) not required.
  t.like(email, { type: 'email', label: 'Work email', unique: true, required: false })
  t.like(username, { type: 'text', maxLength: 30, index: true, unique: true, required: true })
  t.is(c.flatFields.filter((f) => f.name === 'email').length, 1)
  // A plain `auth: true` collection with the multi-tenant example's own username field (no loginWithUsername).
  t.like(
    sanitizeConfig({
      collections: [
        { slug: 'users', auth: true, fields: [{ name: 'username', type: 'text', index: true }] },
      ],
    }).collections[0].flatFields.find((f) => f.name === 'username'),
    { type: 'text', index: true },
  )
  rejects(
    t,
    { collections: [{ slug: 'users', auth: true, fields: [{ name: 'email', type: 'text' }] }] },
    /Collection "users", field "email": an auth collection's email field must have type "email"/,
  )
})

test('auth names are reserved in auth collections only; _status with drafts only', (t) => {
  for (const [name, type] of [
    ['hash', 'text'],
    ['salt', 'text'],
    ['password', 'number'],
    ['loginAttempts', 'text'],
    ['lockUntil', 'text'],
    ['resetPasswordToken', 'number'],
    ['resetPasswordExpiration', 'text'],
  ])
    rejects(
      t,
      { collections: [{ slug: 'users', auth: true, fields: [{ name, type }] }] },
      new RegExp(
        `Collection "users", field "${name}": "${name}" is a reserved name in an auth collection`,
      ),
    )
  // Payload accepts these in other collections, and so does this server.
  t.deepEqual(
    names(
      posts([
        { name: 'password', type: 'text' },
        { name: 'hash', type: 'text' },
        { name: 'salt', type: 'text' },
        { name: '_status', type: 'text' },
      ]),
    ),
    ['password', 'hash', 'salt', '_status'],
  )
  rejects(
    t,
    posts([{ name: '_status', type: 'text' }], { versions: { drafts: true } }),
    /Collection "posts", field "_status": "_status" is reserved with versions\.drafts/,
  )
})

test('label objects (one per language) are accepted wherever a label is; names and descriptions use en', (t) => {
  const c = sanitizeConfig({
    collections: [
      {
        slug: 'articles',
        labels: {
          singular: { de: 'Artikel', en: 'Story' },
          plural: { de: 'Artikel', en: 'Stories' },
        },
        fields: [
          { name: 'title', type: 'text', label: { en: 'Headline', de: 'Überschrift' } },
          {
            name: 'kind',
            type: 'select',
            options: [{ value: 'a', label: { en: 'Audio', de: 'Ton' } }],
            label: { de: 'Art' },
          },
          {
            type: 'tabs',
            tabs: [
              {
                name: 'meta',
                label: { en: 'Meta data', de: 'Metadaten' },
                fields: [{ name: 'x', type: 'text' }],
              },
            ],
          },
          { type: 'collapsible', label: { en: 'More' }, fields: [] },
          {
            name: 'rows',
            type: 'array',
            label: { en: 'Rows' },
            labels: { singular: { en: 'Row' }, plural: { en: 'Rows' } },
            fields: [{ name: 'y', type: 'text' }],
          },
          {
            name: 'layout',
            type: 'blocks',
            blocks: [{ slug: 'hero', labels: { singular: { en: 'Hero' } }, fields: [] }],
          },
        ],
      },
    ],
    globals: [{ slug: 'nav', label: { en: 'Navigation', de: 'Navigation' }, fields: [] }],
  })
  t.deepEqual(c.collections[0].labels, { singular: 'Story', plural: 'Stories' })
  t.is(c.globals[0].label, 'Navigation')
  const sdl = compileSDL(c)
  t.regex(sdl, /type Story \{/)
  t.regex(sdl, /Stories\(where: Story_where/)
  t.regex(sdl, /"""Headline"""\n\s+title: String/)
  // Without an en entry, the first one.
  t.regex(sdl, /"""Art"""\n\s+kind:/)
  t.regex(sdl, /"""Meta data"""\n\s+meta:/)
  const doc = JSON.stringify(compileOpenAPI(c))
  t.true(doc.includes('"title":"Headline"'))
  t.false(doc.includes('Überschrift'))
})

test("an array or block row's own id field is its row id and must be text", (t) => {
  rejects(
    t,
    posts([{ name: 'authors', type: 'array', fields: [{ name: 'id', type: 'number' }] }]),
    /field "authors": a row's "id" field is the row id \(as Payload's\): it must have type "text", not "number"/,
  )
  rejects(
    t,
    posts([
      {
        name: 'layout',
        type: 'blocks',
        blocks: [{ slug: 'a', fields: [{ name: 'id', type: 'checkbox' }] }],
      },
    ]),
    /field "layout", block "a": a row's "id" field is the row id/,
  )
})

test('options Payload has but this server has not built yet are refused with what to do', (t) => {
  // jobs and schedulePublish are built (docs/jobs.md); their Payload options this server lacks are refused.
  rejects(
    t,
    { collections: [], jobs: { tasks: [], stats: true } },
    /^jobs\.stats is not supported: there is no jobs stats global; remove stats/,
  )
})

test("Payload's own auth fields declared again (examples/auth) are the auth layer's: password of type password, the reset fields", async (t) => {
  const config: Config = {
    db: { url: 'sqlite::memory:' },
    collections: [
      {
        slug: 'users',
        auth: true,
        fields: [
          { name: 'email', type: 'email', required: true, unique: true },
          {
            name: 'password',
            type: 'password',
            required: true,
            admin: { description: 'Leave blank to keep the current password.' },
          } as unknown as Field,
          { name: 'resetPasswordToken', type: 'text', hidden: true },
          { name: 'resetPasswordExpiration', type: 'date', hidden: true },
          { name: 'firstName', type: 'text' },
        ],
      },
    ],
  }
  const users = sanitizeConfig(config).collections[0]
  t.false(users.flatFields.some((f) => f.name === 'password'))
  t.deepEqual(
    users.flatFields.filter((f) => f.name.startsWith('resetPassword')).map((f) => f.name),
    ['resetPasswordToken', 'resetPasswordExpiration'],
  )
  const payload = await getPayload({ config, key: 'auth-redeclared' })
  try {
    const user = await payload.create({
      collection: 'users',
      data: { email: 'ann@example.com', password: 'ann-password', firstName: 'Ann' },
    })
    t.false('password' in user)
    t.false('resetPasswordToken' in user)
    const login = await payload.login({
      collection: 'users',
      data: { email: 'ann@example.com', password: 'ann-password' },
    })
    t.is(login.user.firstName, 'Ann')
    // The reset fields stay the auth layer's: a write to them is dropped, as to any field without update access,
    // so a token the caller picks resets nothing.
    const updated = await payload.update({
      collection: 'users',
      id: user.id,
      data: { resetPasswordToken: 'mine', firstName: 'Anna' },
      overrideAccess: false,
      user: login.user as Record<string, unknown> & { id: number; collection: string },
    })
    t.is(updated.firstName, 'Anna')
    t.false('resetPasswordToken' in updated)
    await t.throwsAsync(
      payload.resetPassword({
        collection: 'users',
        data: { token: 'mine', password: 'taken-over' },
        overrideAccess: true,
      }),
    )
  } finally {
    await payload.destroy()
  }
})

test("a declared password field's access (examples/multi-tenant) binds the password a write sends", async (t) => {
  const config: Config = {
    db: { url: 'sqlite::memory:' },
    collections: [
      {
        slug: 'members',
        auth: true,
        access: { update: () => true },
        fields: [
          {
            name: 'password',
            type: 'text',
            hidden: true,
            access: { read: () => false, update: ({ req, id }) => req.user?.id === id },
          },
        ],
      },
    ],
  }
  const payload = await getPayload({ config, key: 'password-access' })
  try {
    const made = (email: string) =>
      payload.create({ collection: 'members', data: { email, password: 'first-password' } })
    const ann = await made('ann@example.com')
    const bob = await made('bob@example.com')
    const as = (id: unknown) => ({ id: id as number, collection: 'members' })
    const login = (password: string) =>
      payload.login({ collection: 'members', data: { email: 'ann@example.com', password } })
    // Bob may update Ann, but not her password: it is dropped, as a denied field is.
    await payload.update({
      collection: 'members',
      id: ann.id,
      data: { password: 'bobs-choice' },
      overrideAccess: false,
      user: as(bob.id),
    })
    await t.throwsAsync(login('bobs-choice'))
    t.truthy((await login('first-password')).token)
    await payload.update({
      collection: 'members',
      id: ann.id,
      data: { password: 'anns-own-choice' },
      overrideAccess: false,
      user: as(ann.id),
    })
    t.truthy((await login('anns-own-choice')).token)
  } finally {
    await payload.destroy()
  }
})

test("orderable (Payload's manual ordering) adds the order fields, their default sorts and POST /reorder; bad shapes stop the start", (t) => {
  const config = sanitizeConfig({
    collections: [
      { slug: 'tasks', orderable: true, fields: [{ name: 'title', type: 'text' }] },
      {
        slug: 'types',
        fields: [
          {
            type: 'tabs',
            tabs: [
              {
                name: 'meta',
                fields: [
                  {
                    name: 'options',
                    type: 'join',
                    collection: 'options',
                    on: 'type',
                    orderable: true,
                  },
                ],
              },
            ],
          },
        ],
      },
      { slug: 'options', fields: [{ name: 'type', type: 'relationship', relationTo: 'types' }] },
    ],
  })
  const [tasks, types, options] = config.collections
  t.is(tasks.flatFields[0].name, '_order')
  t.like(tasks.flatFields[0], { type: 'text', index: true })
  t.is(tasks.defaultSort, '_order')
  // Payload's name: the joined collection, the join's path through named groups and tabs, the join's name.
  t.is(options.flatFields[0].name, '_options_meta_options_order')
  t.is(types.joins[0].field.defaultSort, '_options_meta_options_order')
  t.deepEqual(
    config.endpoints.map((e) => `${e.method} ${e.path}`),
    ['post /reorder'],
  )
  t.is(sanitizeConfig(posts([])).endpoints.length, 0, 'no orderable, no endpoint')
  rejects(t, posts([], { orderable: 'yes' }), /Collection "posts": orderable must be true or false/)
  rejects(
    t,
    {
      collections: [
        {
          slug: 'posts',
          fields: [
            { name: 'all', type: 'join', collection: ['posts', 'pages'], on: 'x', orderable: true },
          ],
        },
      ],
    },
    /orderable joins must target a single collection/,
  )
  rejects(
    t,
    {
      ...posts([], { orderable: true }),
      endpoints: [{ path: '/reorder', method: 'post', handler: () => new Response() }],
    },
    /POST \/reorder is the endpoint of orderable collections and joins/,
  )
})

test("Payload's Slate editor is accepted while no richText field uses it; a richText field with it stops the start", (t) => {
  const auth: Config = { editor: slateEditor({}), ...posts([{ name: 'title', type: 'text' }]) }
  t.notThrows(() => sanitizeConfig(auth))
  rejects(
    t,
    { editor: slateEditor(), ...posts([{ name: 'body', type: 'richText' }]) },
    /Collection "posts", field "body": Slate rich text .* is not supported: this server's rich text is Lexical/,
  )
  rejects(
    t,
    posts([{ name: 'body', type: 'richText', editor: slateEditor() as never }]),
    /field "body": Slate rich text/,
  )
})

test("upload.handlers (a storage plugin's) must be functions, and stand for the local disk under disableLocalStorage", (t) => {
  const media = (upload: object): Config => ({
    collections: [{ slug: 'media', upload, fields: [] }],
  })
  const handler = () => undefined
  t.notThrows(() =>
    sanitizeConfig(media({ disableLocalStorage: true, handlers: [handler], adapter: 's3' })),
  )
  rejects(t, media({ handlers: ['s3'] }), /upload\.handlers must be a list of functions/)
  rejects(
    t,
    media({ disableLocalStorage: true }),
    /disableLocalStorage needs a storage adapter .* or a storage plugin's handlers/,
  )
})

test('a required field inside a conditional group is not always required: its value may be null in the contracts', (t) => {
  // plugin-form-builder's forms: `redirect` applies when the form redirects, and its `url` is required then only.
  const c = sanitizeConfig(
    posts([
      { name: 'confirmationType', type: 'select', options: ['message', 'redirect'] },
      {
        name: 'redirect',
        type: 'group',
        admin: {
          condition: (_: unknown, sibling: { confirmationType?: string }) =>
            sibling.confirmationType === 'redirect',
        },
        fields: [
          { name: 'url', type: 'text', required: true },
          { name: 'deep', type: 'group', fields: [{ name: 'note', type: 'text', required: true }] },
        ],
      },
      { name: 'title', type: 'text', required: true },
    ]),
  )
  const doc = compileOpenAPI(c) as unknown as { components: { schemas: Record<string, unknown> } }
  const post = doc.components.schemas.Post as {
    properties: Record<string, { properties: Record<string, { type: unknown; properties?: any }> }>
  }
  const redirect = post.properties.redirect.properties
  t.deepEqual(redirect.url.type, ['string', 'null'])
  t.deepEqual(redirect.deep.properties.note.type, ['string', 'null'])
  t.deepEqual((post.properties.title as unknown as { type: unknown }).type, 'string')
  const types = generateTypes(c)
  t.regex(types, /url\?: string \| null;/)
  t.regex(types, /title: string;/)
})

test("s3Storage takes Payload's options and puts the collections it names on the bucket; what it cannot do stops the start", (t) => {
  const config: Config = {
    collections: [
      { slug: 'media', upload: { imageSizes: [] }, fields: [] },
      { slug: 'posts', fields: [] },
    ],
  }
  const s3 = { bucket: 'media', config: { region: 'us-east-1' } }
  const out = s3Storage({ ...s3, collections: { media: { prefix: 'site' } } })(config) as Config
  const media = out.collections![0].upload as {
    disableLocalStorage?: boolean
    storage?: { name: string }
  }
  t.true(media.disableLocalStorage)
  t.regex(media.storage!.name, /s3/)
  t.is(out.collections![1], config.collections![1])
  t.is(s3Storage({ ...s3, enabled: false, collections: { media: true } })(config), config)
  const fails = (run: () => unknown, message: RegExp) =>
    t.regex(t.throws(run, { name: 'ConfigError' })?.message ?? '', message)
  fails(
    () => s3Storage({ ...s3, collections: { posts: true } })(config),
    /collections\.posts is not an upload collection/,
  )
  fails(
    () => s3Storage({ ...s3, collections: { media: true }, acl: 'public-read' } as never),
    /s3Storage: acl is not supported here/,
  )
  fails(
    () =>
      s3Storage({ ...s3, collections: { media: { disablePayloadAccessControl: true } as never } }),
    /collections\.media\.disablePayloadAccessControl is not supported here/,
  )
})
