/**
 * Issue 33: Payload's admin options are accepted, but a name in them must name a field (as Payload fails at start
 * on a `useAsTitle` naming none), and an `admin.condition` must be a function.
 */
import test from 'ava'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { Config } from '../../server/config/types.ts'

const posts = (admin: unknown, fields: unknown[] = [{ name: 'title', type: 'text' }]) =>
  ({ collections: [{ slug: 'posts', admin, fields }] }) as unknown as Config
const fails = (t: import('ava').ExecutionContext, config: Config, message: string | RegExp) => {
  const error = t.throws(() => sanitizeConfig(config))
  if (typeof message === 'string') t.is(error?.message, message)
  else t.regex(error?.message ?? '', message)
}

test('useAsTitle, defaultColumns and listSearchableFields must name a field of the collection', (t) => {
  fails(
    t,
    posts({ useAsTitle: 'name' }),
    'Collection "posts": admin.useAsTitle "name" names no field of the collection; name one of its top-level fields (title, id, createdAt, updatedAt).',
  )
  fails(
    t,
    posts({ defaultColumns: ['title', 'author'] }),
    /^Collection "posts": admin\.defaultColumns\[1\] "author" names no field/,
  )
  fails(
    t,
    posts({ listSearchableFields: ['body'] }),
    /^Collection "posts": admin\.listSearchableFields\[0\] "body" names no field/,
  )
  fails(
    t,
    posts({ defaultColumns: 'title' }),
    /admin\.defaultColumns must be a list of field names/,
  )
  fails(
    t,
    posts({ useAsTitle: 'full' }, [{ name: 'full', type: 'text', virtual: true }]),
    /admin\.useAsTitle "full" is a virtual field/,
  )
  // A field inside a layout field is a top-level field; id and the timestamps count too.
  t.notThrows(() =>
    sanitizeConfig(
      posts({ useAsTitle: 'name', defaultColumns: ['id', 'name', 'createdAt'] }, [
        { type: 'row', fields: [{ name: 'name', type: 'text' }] },
      ]),
    ),
  )
})

test('admin and custom are objects, and admin.condition a function, named by path', (t) => {
  fails(t, posts('title'), 'Collection "posts": admin must be an object.')
  fails(
    t,
    posts({}, [{ name: 'title', type: 'text', admin: { condition: true } }]),
    'collections[posts].fields[0] (title).admin.condition must be a function (data, siblingData, { user }) => boolean.',
  )
  fails(
    t,
    posts({}, [{ type: 'row', fields: [], custom: 'x' }]),
    'collections[posts].fields[0].custom must be an object.',
  )
  fails(t, { custom: 1 } as unknown as Config, 'The config: custom must be an object.')
})

test('keys with server behaviour stay refused with what to do', (t) => {
  fails(
    t,
    posts({}, [{ name: 'title', type: 'text', typescriptSchema: [] }]),
    /^collections\[posts\]\.fields\[0\] \(title\)\.typescriptSchema is not supported/,
  )
  fails(
    t,
    { collections: [{ slug: 'posts', fields: [], enableQueryPresets: true }] } as unknown as Config,
    /^collections\[posts\]\.enableQueryPresets is not supported/,
  )
  fails(
    t,
    { jobs: { tasks: [], stats: true } } as unknown as Config,
    /^jobs\.stats is not supported/,
  )
})
