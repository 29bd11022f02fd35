import { escapeHTML, isObjectRecord, isSafeCssColor, sanitizeUrl } from './escape.ts'
import { TEXT_FORMAT } from './nodes.ts'
import type { DocReference, SerializedLexicalNode, SerializedLinkNode } from './nodes.ts'
import type { ConverterArgs, HTMLConverter, HTMLConverters, InternalDocToHref } from './types.ts'

type Args = Parameters<Exclude<HTMLConverter<SerializedLexicalNode>, string>>[0]
type Fn = (args: Args) => string

const children = (a: Args) => a.nodesToHTML({ nodes: a.node.children }).join('')
const oneOf = (value: unknown, allowed: string[], fallback: string) =>
  typeof value === 'string' && allowed.includes(value) ? value : fallback

/** Text with its format bits, in Payload's nesting order (highlight, which Payload leaves out, as `<mark>`). */
const text: Fn = ({ node }) => {
  const format = typeof node.format === 'number' ? node.format : 0
  let html = escapeHTML(node.text)
  const wrap = (bit: number, open: string, close: string) => {
    if (format & bit) html = `${open}${html}${close}`
  }
  wrap(TEXT_FORMAT.bold, '<strong>', '</strong>')
  wrap(TEXT_FORMAT.italic, '<em>', '</em>')
  wrap(TEXT_FORMAT.strikethrough, '<span style="text-decoration: line-through;">', '</span>')
  wrap(TEXT_FORMAT.underline, '<span style="text-decoration: underline;">', '</span>')
  wrap(TEXT_FORMAT.code, '<code>', '</code>')
  wrap(TEXT_FORMAT.subscript, '<sub>', '</sub>')
  wrap(TEXT_FORMAT.superscript, '<sup>', '</sup>')
  wrap(TEXT_FORMAT.highlight, '<mark>', '</mark>')
  return html
}

const paragraph: Fn = (a) => {
  const inner = children(a)
  return `<p${a.providedStyleTag}>${inner || '<br />'}</p>`
}

const heading: Fn = (a) => {
  const tag = oneOf(a.node.tag, ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], 'h1')
  return `<${tag}${a.providedStyleTag}>${children(a)}</${tag}>`
}

const list: Fn = (a) => {
  const tag = oneOf(a.node.tag, ['ol', 'ul'], 'ul')
  const listType = oneOf(a.node.listType, ['bullet', 'check', 'number'], 'bullet')
  return `<${tag}${a.providedStyleTag} class="list-${listType}">${children(a)}</${tag}>`
}

/** An item; one holding a nested list has no marker of its own (`nestedListItem`), as Payload writes it. */
const listitem: Fn = (a) => {
  const nested = Array.isArray(a.node.children)
    ? a.node.children.some((c) => isObjectRecord(c) && c.type === 'list')
    : false
  const value = Number.isInteger(a.node.value) ? ` value="${a.node.value as number}"` : ''
  const css = nested ? `list-style-type: none;${a.providedCSSString}` : a.providedCSSString
  const style = css ? ` style="${escapeHTML(css)}"` : ''
  if (a.parent.listType === 'check') {
    const checked = a.node.checked === true
    const cls = `list-item-checkbox list-item-checkbox-${checked ? 'checked' : 'unchecked'}${nested ? ' nestedListItem' : ''}`
    return `<li aria-checked="${checked}" class="${cls}" role="checkbox" tabindex="-1"${value}>${children(a)}</li>`
  }
  return `<li${nested ? ' class="nestedListItem"' : ''}${style}${value}>${children(a)}</li>`
}

/** A populated document's label: its title or name, else its id. */
function labelOf(value: DocReference['value']): string {
  if (!isObjectRecord(value)) return String(value)
  for (const key of ['title', 'name', 'filename', 'id'])
    if (typeof value[key] === 'string' || typeof value[key] === 'number') return String(value[key])
  return ''
}

function docOf(node: SerializedLexicalNode): DocReference | undefined {
  const ref = isObjectRecord(node.fields) ? node.fields.doc : undefined
  if (!isObjectRecord(ref) || typeof ref.relationTo !== 'string') return undefined
  const v = ref.value
  if (typeof v !== 'string' && typeof v !== 'number' && !isObjectRecord(v)) return undefined
  return { relationTo: ref.relationTo, value: v }
}

function link(internalDocToHref: InternalDocToHref | undefined): Fn {
  return (a) => {
    const fields = isObjectRecord(a.node.fields) ? a.node.fields : {}
    let href: unknown = fields.url ?? ''
    if (fields.linkType === 'internal') {
      const doc = docOf(a.node)
      href = (doc && internalDocToHref?.({ linkNode: a.node as SerializedLinkNode, ...doc })) ?? '#'
    }
    const target = fields.newTab === true ? ' rel="noopener noreferrer" target="_blank"' : ''
    return `<a${a.providedStyleTag} href="${escapeHTML(sanitizeUrl(href))}"${target}>${children(a)}</a>`
  }
}

/** A relationship node: a link to the document when `internalDocToHref` gives its URL, else its label (nothing for a bare id). */
function relationship(internalDocToHref: InternalDocToHref | undefined): Fn {
  return ({ node }) => {
    if (typeof node.relationTo !== 'string') return ''
    const value = node.value as DocReference['value']
    const label = escapeHTML(labelOf(value))
    const href = internalDocToHref?.({ relationTo: node.relationTo, value })
    if (!href && !isObjectRecord(value)) return ''
    const inner = href ? `<a href="${escapeHTML(sanitizeUrl(href))}">${label}</a>` : label
    return `<div class="lexical-relationship">${inner}</div>`
  }
}

/** An upload node, populated: an image as `<img>`, any other file as a link to it; unpopulated, nothing. */
const upload: Fn = (a) => {
  const doc = a.node.value
  if (!isObjectRecord(doc)) return ''
  const fields = isObjectRecord(a.node.fields) ? a.node.fields : {}
  const url = escapeHTML(sanitizeUrl(doc.url ?? ''))
  if (typeof doc.mimeType !== 'string' || !doc.mimeType.startsWith('image')) {
    const name = escapeHTML(doc.filename ?? '')
    return `<a${a.providedStyleTag} href="${url}" rel="noopener noreferrer">${name}</a>`
  }
  const alt = escapeHTML(fields.alt || doc.alt || '')
  const size = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '')
  return `<img${a.providedStyleTag} alt="${alt}" height="${size(doc.height)}" src="${url}" width="${size(doc.width)}" />`
}

const table: Fn = (a) =>
  `<div${a.providedStyleTag} class="lexical-table-container"><table class="lexical-table" style="border-collapse: collapse;"><tbody>${children(a)}</tbody></table></div>`

const tablerow: Fn = (a) => `<tr${a.providedStyleTag} class="lexical-table-row">${children(a)}</tr>`

const tablecell: Fn = (a) => {
  const header = Number.isInteger(a.node.headerState) ? (a.node.headerState as number) : 0
  const tag = header > 0 ? 'th' : 'td'
  const span = (name: string, v: unknown) =>
    Number.isInteger(v) && (v as number) > 1 ? ` ${name}="${v as number}"` : ''
  let style = `border: 1px solid #ccc; padding: 8px;${a.providedCSSString}`
  if (isSafeCssColor(a.node.backgroundColor))
    style += ` background-color: ${a.node.backgroundColor};`
  return `<${tag} class="lexical-table-cell lexical-table-cell-header-${header}"${span('colspan', a.node.colSpan)}${span('rowspan', a.node.rowSpan)} style="${escapeHTML(style)}">${children(a)}</${tag}>`
}

/** Payload's code block (`Code`: `language`, `code`) as a `<pre><code>`. */
const codeBlock: Fn = ({ node }) => {
  const fields = isObjectRecord(node.fields) ? node.fields : {}
  const language = typeof fields.language === 'string' ? fields.language.replace(/[^\w-]/g, '') : ''
  const cls = language ? ` class="language-${language}"` : ''
  return `<pre><code${cls}>${escapeHTML(fields.code ?? '')}</code></pre>`
}

/** The default converters; `internalDocToHref` resolves internal links and relationship nodes. */
export function defaultHTMLConverters(
  options: { internalDocToHref?: InternalDocToHref } = {},
): HTMLConverters {
  const linked = link(options.internalDocToHref)
  return {
    text,
    paragraph,
    heading,
    quote: (a) => `<blockquote${a.providedStyleTag}>${children(a)}</blockquote>`,
    list,
    listitem,
    link: linked,
    autolink: linked,
    linebreak: '<br />',
    tab: '\t',
    horizontalrule: '<hr />',
    table,
    tablerow,
    tablecell,
    upload,
    relationship: relationship(options.internalDocToHref),
    blocks: { Code: codeBlock, code: codeBlock },
    inlineBlocks: {},
  }
}

export type { ConverterArgs }
