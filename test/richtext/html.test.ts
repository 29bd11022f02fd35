/**
 * The Lexical converters (server/richtext, also shipped in the SDK): HTML checked against fixtures (an input
 * `<case>.json` and its expected `<case>.html` under fixtures/html), hostile input, a state from Payload's website
 * template, custom converters and plain text.
 */
import test from 'ava'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import {
  convertLexicalToHTML,
  convertLexicalToPlaintext,
  sanitizeUrl,
  type HTMLConverters,
  type InternalDocToHref,
} from '../../server/index.ts'
import { el, state, text } from './lexical.ts'

const fixtures = path.join(import.meta.dirname, 'fixtures')
const json = async (file: string) => JSON.parse(await readFile(path.join(fixtures, file), 'utf8'))

const link = (url: unknown, extra: Record<string, unknown> = {}) =>
  state(
    el('paragraph', [el('link', [text('x')], { fields: { linkType: 'custom', url, ...extra } })]),
  )
const bare = (data: unknown) => convertLexicalToHTML({ data, disableContainer: true })

const toHref: InternalDocToHref = ({ relationTo, value }) =>
  typeof value === 'object' ? `/${relationTo}/${String(value.slug)}` : null

test('every fixture converts to exactly its HTML', async (t) => {
  const files = (await readdir(path.join(fixtures, 'html'))).filter((f) => f.endsWith('.json'))
  t.true(files.length >= 7)
  for (const file of files) {
    const data = await json(`html/${file}`)
    const expected = await readFile(
      path.join(fixtures, 'html', file.replace(/json$/, 'html')),
      'utf8',
    )
    t.is(convertLexicalToHTML({ data, internalDocToHref: toHref }), expected.trimEnd(), file)
  }
})

test('link URLs: safe schemes, relative and fragment kept; script schemes in any disguise become #', (t) => {
  for (const url of [
    'https://example.com/a?b=c#d',
    'http://example.com',
    'HTTPS://EXAMPLE.COM',
    'mailto:a@example.com',
    'tel:+4912345',
    '/posts/hello',
    'relative/path',
    '#section',
    '?q=1',
  ]) {
    t.is(sanitizeUrl(url), url, url)
  }
  for (const url of [
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' \u0001javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    '&#106;avascript:alert(1)',
    '%6Aavascript:alert(1)',
    'java\u0000script:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'file:///etc/passwd',
  ]) {
    t.is(sanitizeUrl(url), '#', JSON.stringify(url))
    t.is(bare(link(url)), '<p><a href="#">x</a></p>', JSON.stringify(url))
  }
  t.is(sanitizeUrl(42), '#')
  // A link without a URL: an empty href, as Payload writes it.
  t.is(bare(link(undefined)), '<p><a href="">x</a></p>')
})

test('text and attributes are escaped: no script, no attribute injection through a URL, an alt or a class', (t) => {
  t.is(
    bare(state(el('paragraph', [text('<script>alert("x")</script> & \'q\'')]))),
    '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</p>',
  )
  t.is(
    bare(link('https://e.com/" onmouseover="alert(1)')),
    '<p><a href="https://e.com/&quot; onmouseover=&quot;alert(1)">x</a></p>',
  )
  t.is(bare(link("/a' onclick='x")), '<p><a href="/a&#39; onclick=&#39;x">x</a></p>')
  const upload = {
    type: 'upload',
    version: 3,
    relationTo: 'media',
    value: {
      url: 'javascript:alert(1)',
      alt: '" onerror="alert(1)',
      mimeType: 'image/png',
      width: '1" onload="x',
      height: 2,
    },
  }
  t.is(
    bare(state(upload)),
    '<img alt="&quot; onerror=&quot;alert(1)" height="2" src="#" width="" />',
  )
  const pdf = {
    ...upload,
    value: { url: '/f.pdf', mimeType: 'application/pdf', filename: '<b>.pdf' },
  }
  t.is(bare(state(pdf)), '<a href="/f.pdf" rel="noopener noreferrer">&lt;b&gt;.pdf</a>')
  t.is(
    convertLexicalToHTML({ data: state(), className: '"><script>' }),
    '<div class="&quot;&gt;&lt;script&gt;"></div>',
  )
})

test('node fields that end up in tags or styles are chosen from a list, never copied', (t) => {
  t.is(
    bare(state(el('heading', [text('h')], { tag: 'script', format: 'center;color:red' }))),
    '<h1>h</h1>',
  )
  t.is(
    bare(
      state(
        el('list', [el('listitem', [text('i')], { value: '1"x' })], { tag: 'x', listType: 'y' }),
      ),
    ),
    '<ul class="list-bullet"><li>i</li></ul>',
  )
  t.is(bare(state(el('paragraph', [text('p')], { indent: '2;color:red' }))), '<p>p</p>')
  const cell = el('tablecell', [], { headerState: 0, backgroundColor: 'red;background:url(x)' })
  t.is(
    bare(state(el('table', [el('tablerow', [cell])]))),
    '<div class="lexical-table-container"><table class="lexical-table" style="border-collapse: collapse;"><tbody><tr class="lexical-table-row"><td class="lexical-table-cell lexical-table-cell-header-0" style="border: 1px solid #ccc; padding: 8px;"></td></tr></tbody></table></div>',
  )
  const code = {
    type: 'block',
    version: 2,
    fields: { blockType: 'code', language: 'js" onclick="x', code: '</code><script>' },
  }
  t.is(
    bare(state(code)),
    '<pre><code class="language-jsonclickx">&lt;/code&gt;&lt;script&gt;</code></pre>',
  )
})

test('values that are not editor states, and malformed nodes, convert to nothing instead of failing', (t) => {
  for (const data of [
    null,
    undefined,
    'text',
    42,
    [],
    {},
    { root: 'x' },
    { root: { children: 'x' } },
  ])
    t.is(convertLexicalToHTML({ data }), '<div class="payload-richtext"></div>')
  t.is(bare(state(null, 'x', 3, { type: 5 }, el('paragraph', [text('ok')]))), '<p>ok</p>')
  // Lexical's empty editor: one empty paragraph.
  t.is(bare(state(el('paragraph', []))), '')
})

test('a tree nested past the depth bound stops converting there instead of exhausting the stack', (t) => {
  let node: unknown = text('deep')
  for (let i = 0; i < 10_000; i++)
    node = el('list', [el('listitem', [node], { value: 1 })], { tag: 'ul', listType: 'bullet' })
  const html = bare(state(node))
  t.true(html.startsWith('<ul class="list-bullet"><li class="nestedListItem"'))
  t.false(html.includes('deep'))
  t.is(convertLexicalToPlaintext({ data: state(node) }), '')
})

test('a post of Payload website template converts without errors; its blocks through custom converters', async (t) => {
  const data = await json('payload-website-post-1.json')
  const html = convertLexicalToHTML({ data })
  t.true(
    html.startsWith('<div class="payload-richtext"><h2>Dive into the marvels of modern innovation'),
  )
  t.true(html.includes('<pre><code class="language-javascript">'))
  t.false(html.includes('"type"'))
  const converters: HTMLConverters = {
    blocks: {
      banner: ({ node, converters: all }) =>
        `<div class="banner banner-${String((node.fields as { style: string }).style)}">${convertLexicalToHTML({ data: (node.fields as { content: unknown }).content, converters: all, disableContainer: true })}</div>`,
      mediaBlock: ({ node }) =>
        `<figure data-media="${Number((node.fields as { media: unknown }).media)}"></figure>`,
    },
  }
  const custom = convertLexicalToHTML({ data, converters, disableContainer: true })
  t.true(
    custom.includes(
      '<div class="banner banner-info"><p><strong>Disclaimer:</strong> This content is fabricated and for demonstration purposes only. To edit this post, <a href="/admin" rel="noopener noreferrer" target="_blank">navigate to the admin dashboard</a>.</p></div>',
    ),
  )
  t.true(custom.includes('<figure data-media="2"></figure>'))
  // The defaults stay for every other node.
  t.true(custom.startsWith('<h2>Dive into'))
  t.is(
    convertLexicalToPlaintext({ data }).split('\n\n')[0],
    'Dive into the marvels of modern innovation, where the only constant is change. A journey where pixels and data converge to craft the future.',
  )
})

test('converters: a function of the defaults, a node type replaced, an unknown fallback, inline blocks', (t) => {
  const data = state(
    el('paragraph', [
      text('Hi '),
      { type: 'inlineBlock', version: 1, fields: { blockType: 'mention', name: 'Ada' } },
    ]),
    el('callout', [text('c')]),
  )
  t.is(bare(data), '<p>Hi </p>c')
  const html = convertLexicalToHTML({
    data,
    disableContainer: true,
    converters: ({ defaultConverters }) => ({
      ...defaultConverters,
      paragraph: ({ nodesToHTML, node }) =>
        `<p class="lead">${nodesToHTML({ nodes: node.children }).join('')}</p>`,
      inlineBlocks: { mention: ({ node }) => `@${String((node.fields as { name: string }).name)}` },
      unknown: '<!-- skipped -->',
    }),
  })
  t.is(html, '<p class="lead">Hi @Ada</p><!-- skipped -->')
  t.is(
    convertLexicalToHTML({
      data: link('/a'),
      converters: { link: '[link]' },
      disableContainer: true,
    }),
    '<p>[link]</p>',
  )
  // An internal link without a resolver, or a resolver that gives nothing: `#`.
  const internal = state(
    el('link', [text('x')], {
      fields: { linkType: 'internal', doc: { relationTo: 'posts', value: 3 } },
    }),
  )
  t.is(bare(internal), '<a href="#">x</a>')
  t.is(
    convertLexicalToHTML({ data: internal, disableContainer: true, internalDocToHref: toHref }),
    '<a href="#">x</a>',
  )
  t.is(
    convertLexicalToHTML({
      data: internal,
      disableContainer: true,
      internalDocToHref: () => 'javascript:x',
    }),
    '<a href="#">x</a>',
  )
  t.is(
    convertLexicalToHTML({
      data: state(el('paragraph', [text('a')], { format: 'right', indent: 1 })),
      disableContainer: true,
      disableTextAlign: true,
      disableIndent: ['heading'],
    }),
    '<p style="padding-inline-start: 40px;">a</p>',
  )
})

test('plain text: separators as Payload writes them, custom converters per node type and block', (t) => {
  const data = state(
    el('heading', [text('Title')], { tag: 'h1' }),
    el('paragraph', [
      text('One', 1),
      { type: 'linebreak', version: 1 },
      text('two'),
      { type: 'tab', text: '\t', version: 1 },
      text('<b>'),
    ]),
    el(
      'list',
      [el('listitem', [text('a')], { value: 1 }), el('listitem', [text('b')], { value: 2 })],
      { tag: 'ul', listType: 'bullet' },
    ),
    el('table', [
      el('tablerow', [el('tablecell', [text('x')]), el('tablecell', [text('y')])]),
      el('tablerow', [el('tablecell', [text('z')])]),
    ]),
    { type: 'block', version: 2, fields: { blockType: 'quoteBlock', quote: 'Q' } },
  )
  t.is(convertLexicalToPlaintext({ data }), 'Title\n\nOne\ntwo\t<b>\n\na\nb\n\nx | y\nz')
  t.is(
    convertLexicalToPlaintext({
      data,
      converters: {
        heading: ({ node, nodesToPlaintext }) =>
          `# ${nodesToPlaintext({ nodes: node.children }).join('')}`,
        blocks: {
          quoteBlock: ({ node }) => `\n\n> ${String((node.fields as { quote: string }).quote)}`,
        },
      },
    }),
    '# Title\n\nOne\ntwo\t<b>\n\na\nb\n\nx | y\nz\n\n> Q',
  )
  t.is(convertLexicalToPlaintext({ data: null }), '')
  t.is(convertLexicalToPlaintext({ data: state(el('paragraph', [])) }), '')
})

test('the rich-text layer imports nothing outside its folder (the SDK ships it to browsers)', async (t) => {
  const dir = path.join(import.meta.dirname, '../../server/richtext')
  for (const file of await readdir(dir)) {
    const source = await readFile(path.join(dir, file), 'utf8')
    const specs = [...source.matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gm)].map((m) => m[1])
    t.true(specs.length > 0 || file === 'escape.ts' || file === 'nodes.ts', file)
    for (const spec of specs) t.regex(spec, /^\.\/[\w-]+\.ts$/, `${file} imports ${spec}`)
  }
})
