/**
 * A form inside a drawer uses the edit view's fields as they are, under a prefix: its values are seen at
 * `<prefix>.<path>`, so its inputs' ids (`field-<prefix>__name`), names and errors differ from those of the form
 * behind the drawer (a category's `slug` beside the post's `slug`), while the form's state stays the document's.
 */
import type { FormApi } from '../edit/context.tsx'
import type { Path } from '../edit/state.ts'

export function prefixedForm(prefix: string, form: FormApi): FormApi {
  const dotted = `${prefix}.`
  const strip = (path: Path): Path => (path[0] === prefix ? path.slice(1) : path)
  const fallback = form.fallback && {
    ...form.fallback,
    doc: { [prefix]: form.fallback.doc },
    loaded: { [prefix]: form.fallback.loaded },
  }
  return {
    ...form,
    values: { [prefix]: form.values },
    set: (path, value) => form.set(strip(path), value),
    errors: Object.fromEntries(Object.entries(form.errors).map(([k, v]) => [dotted + k, v])),
    shows: (path) => form.shows(path.startsWith(dotted) ? path.slice(dotted.length) : path),
    fallback,
  }
}

/** The prefix of a drawer's form: unique per collection and drawer depth, usable in ids. */
export const prefixOf = (slug: string, depth: number): string =>
  `${depth > 1 ? `create${depth}` : 'create'}-${slug.replace(/[^A-Za-z0-9_-]/g, '-')}`
