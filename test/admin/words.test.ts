/**
 * Every word the admin shows through `t` has a text (admin/src/i18n.ts): a key of Payload's English translations
 * (`@payloadcms/translations`), or of the admin's own words (`cms:`, admin/src/words/). A mistyped key would show
 * as itself on the page, in every language.
 */
import test from 'ava'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { en } from '@payloadcms/translations/languages/en'
import { WORDS as VIEWS } from '../../admin/src/words/views.ts'
import { WORDS as EDIT } from '../../admin/src/words/edit.ts'
import { WORDS as LISTS } from '../../admin/src/words/lists.ts'
import { WORDS as RICHTEXT } from '../../admin/src/words/richtext.ts'

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  )

/** The keys a translation holds under `key`: itself, or its plural forms (`key_one`, `key_other`…). */
const has = (entries: Record<string, unknown> | undefined, key: string): boolean =>
  Boolean(entries) && Object.keys(entries!).some((k) => k === key || k.startsWith(`${key}_`))

test('every key the admin passes to t has an English text', (t) => {
  const own: Record<string, unknown> = { ...VIEWS, ...EDIT, ...LISTS, ...RICHTEXT }
  const translations = en.translations as Record<string, Record<string, unknown>>
  const used = new Map<string, string>()
  for (const file of sources('admin/src'))
    for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w-]+):([\w]+)'/g))
      used.set(`${m[1]}:${m[2]}`, file)
  t.true(used.size > 200, `only ${used.size} keys found`)
  const missing = [...used].filter(([key]) => {
    const [namespace, name] = key.split(':')
    return namespace === 'cms' ? !has(own, name) : !has(translations[namespace], name)
  })
  t.deepEqual(missing, [])
})
