import pluralize from 'pluralize'

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
