import pluralize from 'pluralize'
import { staticText } from './admin.ts'

/** `blog-posts` → `Blog Posts`; splits on dashes, underscores, spaces and camelCase (Payload's toWords). */
export function toWords(slug: string): string {
  return slug
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ')
}

/** Default singular and plural labels for a slug (`posts` → `Post`/`Posts`). */
export function formatLabels(slug: string): { singular: string; plural: string } {
  const words = toWords(slug)
  return { singular: pluralize.singular(words), plural: pluralize.plural(words) }
}

/**
 * Labels as given (text, or one per language), else Payload's default from the slug or name: a block's or an
 * array's labels (`hero` → Hero / Heroes, `tags` → Tag / Tags), never the bare slug.
 */
export function labelsOrDefault(
  labels: unknown,
  slug: string,
): { singular: string; plural: string } {
  const l = (labels && typeof labels === 'object' ? labels : {}) as Record<string, unknown>
  const made = formatLabels(slug)
  return {
    singular: staticText(l.singular) ?? made.singular,
    plural: staticText(l.plural) ?? made.plural,
  }
}
