/**
 * Issue 55, blocker 3: Payload's `i18n` (server/config/i18n.ts). Every official plugin adds
 * `i18n.translations` and gives labels as functions of `{ t }`; they resolve at start, per supported language,
 * and name things in the contracts as string labels do.
 */
import test from 'ava'
import { de } from '@payloadcms/translations/languages/de'
import { en } from '@payloadcms/translations/languages/en'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { Config } from '../../server/config/types.ts'
import { compileContract } from '../../server/contracts/openapi.ts'
import { compileSDL } from '../../server/contracts/graphql/compile.ts'
import { ConfigError } from '../../server/errors/config-error.ts'

type T = (key: string, vars?: Record<string, unknown>) => string

const config = (i18n: unknown): Config =>
  ({
    i18n,
    collections: [
      {
        slug: 'entries',
        labels: {
          singular: ({ t }: { t: T }) => t('my-plugin:entry'),
          plural: ({ t }: { t: T }) => t('my-plugin:entries'),
        },
        admin: { description: ({ t }: { t: T }) => t('general:createNewLabel', { label: 'x' }) },
        fields: [
          { name: 'title', type: 'text', label: ({ t }: { t: T }) => t('general:document') },
          { name: 'note', type: 'text', label: ({ t }: { t: T }) => t('my-plugin:missing') },
          {
            name: 'count',
            type: 'text',
            label: ({ t }: { t: T }) => t('general:editingLabel', { count: 2, label: 'rows' }),
          },
        ],
      },
    ],
  }) as unknown as Config

const translations = {
  en: { 'my-plugin': { entry: 'Story', entries: 'Stories' } },
  de: { 'my-plugin': { entry: 'Geschichte', entries: 'Geschichten' } },
}

test('label functions resolve per supported language, the config translations merged over the language’s', (t) => {
  const sanitized = sanitizeConfig(
    config({ supportedLanguages: { en, de }, fallbackLanguage: 'en', translations }),
  )
  const c = sanitized.collectionsBySlug.get('entries')!
  // Names come from the English (fallback) text: Story / Stories.
  t.deepEqual(c.labels, { singular: 'Story', plural: 'Stories' })
  t.deepEqual(c.admin?.description, { en: 'Create new x', de: 'x neu erstellen' })
  const [title, note, count] = c.fields as { label?: unknown }[]
  t.deepEqual(title.label, { en: 'Document', de: 'Dokument' })
  // A key with no translation reads as the key, as Payload's t answers it.
  t.deepEqual(note.label, { en: 'my-plugin:missing', de: 'my-plugin:missing' })
  // Plural forms by count, {{vars}} replaced.
  t.deepEqual(count.label, { en: 'Editing 2 rows', de: 'Bearbeiten von 2 rows' })
  t.deepEqual(sanitized.i18n.languages, ['en', 'de'])
  const contract = compileContract(sanitized) as unknown as {
    components: { schemas: Record<string, { description?: string; properties?: any }> }
  }
  t.truthy(contract.components.schemas.Story)
  t.is(contract.components.schemas.Story.properties.title.title, 'Document')
  t.regex(compileSDL(sanitized), /type Stories \{/)
})

test('without i18n the language is English with Payload’s own translations', (t) => {
  const sanitized = sanitizeConfig(config(undefined))
  t.deepEqual(sanitized.i18n.languages, ['en'])
  const c = sanitized.collectionsBySlug.get('entries')!
  // No translation of the plugin's own keys: the key is the text, as in Payload.
  t.deepEqual(c.labels, { singular: 'my-plugin:entry', plural: 'my-plugin:entries' })
  t.deepEqual((c.fields[0] as { label?: unknown }).label, { en: 'Document' })
})

test('a malformed i18n stops the start naming what is wrong', (t) => {
  const refused = (i18n: unknown, message: RegExp) =>
    t.throws(() => sanitizeConfig(config(i18n)), { instanceOf: ConfigError, message })
  refused(
    { supportedLanguages: { en }, fallbackLanguage: 'fr' },
    /i18n.fallbackLanguage must be one of the supported languages \(en\); got "fr"/,
  )
  refused({ supportedLanguages: {} }, /i18n.supportedLanguages must be an object/)
  refused({ translations: 'en' }, /i18n.translations must be an object/)
  refused({ translations: { en: 'x' } }, /i18n.translations.en must be an object/)
  refused({ fallbackLanguages: 'en' }, /i18n.*fallbackLanguages.*fallbackLanguage/s)
  refused('en', /i18n must be an object; got "en"/)
})
