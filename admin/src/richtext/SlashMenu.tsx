/**
 * Payload's slash menu: `/` in the text opens a list of what the field's editor enables — in "Basic" the
 * paragraph, each enabled heading size, the quote, the list types, the rule, an upload and a relationship (their
 * pickers), in "Blocks" and "Inline blocks" the editor's blocks — filtered by the words typed after the slash;
 * the arrow keys choose, Enter or a click inserts (the `/query` goes), Escape closes.
 */
import { useCallback, useContext, useMemo, useState } from 'react'
import { createPortal } from 'react-dom'
import type { LexicalEditor, TextNode } from 'lexical'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import {
  LexicalTypeaheadMenuPlugin,
  MenuOption,
  useBasicTypeaheadTriggerMatch,
  type MenuRenderFn,
} from '@lexical/react/LexicalTypeaheadMenuPlugin'
import { EditorContext, OPEN_PICKER_COMMAND } from './context.ts'
import { t } from '../i18n.ts'
import { headingLabel, listLabel, type Features } from './features.ts'
import { setHeading, setList, setParagraph, setQuote } from './format.ts'
import { blockData } from './blocks.tsx'
import { insertPayloadNode } from './Insert.tsx'

class SlashOption extends MenuOption {
  constructor(
    readonly label: string,
    readonly group: string,
    readonly keywords: string[],
    readonly run: (editor: LexicalEditor) => void,
  ) {
    super(`${group}:${label}`)
  }
  matches(query: string): boolean {
    const q = query.toLowerCase()
    return [this.label, ...this.keywords].some((w) => w.toLowerCase().includes(q))
  }
}

/** Every option the field's editor enables, in Payload's groups. */
function optionsOf(f: Features): SlashOption[] {
  const basic = (label: string, keywords: string[], run: (e: LexicalEditor) => void) =>
    new SlashOption(label, t('cms:slashMenuBasic'), keywords, run)
  const out = [basic(t('cms:paragraph'), ['paragraph', 'text', 'p'], setParagraph)]
  for (const tag of f.headings)
    out.push(basic(headingLabel(tag), ['heading', tag], (e) => setHeading(e, tag, false)))
  if (f.quote) out.push(basic(t('cms:quote'), ['quote', 'blockquote'], (e) => setQuote(e, false)))
  for (const type of f.lists)
    out.push(basic(listLabel(type), ['list', type], (e) => setList(e, type, false)))
  if (f.horizontalRule)
    out.push(
      basic(t('cms:horizontalRule'), ['hr', 'rule', 'divider', 'line'], (e) =>
        insertPayloadNode(e, { type: 'horizontalrule', version: 1 }),
      ),
    )
  if (f.upload.length)
    out.push(
      basic(t('cms:upload'), ['upload', 'image', 'file', 'media'], (e) =>
        e.dispatchCommand(OPEN_PICKER_COMMAND, 'upload'),
      ),
    )
  if (f.relationship.length)
    out.push(
      basic(t('cms:relationship'), ['relationship', 'document', 'reference'], (e) =>
        e.dispatchCommand(OPEN_PICKER_COMMAND, 'relationship'),
      ),
    )
  for (const [list, group, inline] of [
    [f.blocks, t('cms:slashMenuBlocks'), false],
    [f.inlineBlocks, t('cms:slashMenuInlineBlocks'), true],
  ] as const)
    for (const b of list)
      out.push(
        new SlashOption(b.labels.singular, group, ['block', b.slug], (e) =>
          insertPayloadNode(e, blockData(b, inline)),
        ),
      )
  return out
}

function Menu(props: {
  options: SlashOption[]
  selectedIndex: number | null
  choose: (o: SlashOption, i: number) => void
  highlight: (i: number) => void
}) {
  const groups = [...new Set(props.options.map((o) => o.group))]
  return (
    <div className="rt-slash" role="presentation">
      {groups.map((group) => (
        <div key={group} role="group" aria-label={group}>
          <div className="rt-slash-group" aria-hidden="true">
            {group}
          </div>
          {props.options.map((o, i) =>
            o.group !== group ? null : (
              <div
                key={o.key}
                id={`typeahead-item-${i}`}
                ref={(el) => o.setRefElement(el)}
                role="option"
                tabIndex={-1}
                aria-selected={props.selectedIndex === i}
                className="rt-slash-item"
                onMouseEnter={() => props.highlight(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => props.choose(o, i)}
              >
                {o.label}
              </div>
            ),
          )}
        </div>
      ))}
    </div>
  )
}

export function SlashMenu() {
  const [editor] = useLexicalComposerContext()
  const { features } = useContext(EditorContext)
  const [query, setQuery] = useState<string | null>(null)
  const all = useMemo(() => optionsOf(features), [features])
  // Grouped as shown, so the arrow keys go through them in that order.
  const options = useMemo(() => {
    const shown = all.filter((o) => !query || o.matches(query))
    const groups = [...new Set(shown.map((o) => o.group))]
    return groups.flatMap((g) => shown.filter((o) => o.group === g))
  }, [all, query])
  const trigger = useBasicTypeaheadTriggerMatch('/', { minLength: 0 })
  const onSelect = useCallback(
    (option: SlashOption, node: TextNode | null, close: () => void) => {
      // Inside the menu's update: the option's own update joins it.
      node?.remove()
      option.run(editor)
      close()
    },
    [editor],
  )
  const render: MenuRenderFn<SlashOption> = (anchor, item) =>
    anchor.current && item.options.length
      ? createPortal(
          <Menu
            options={item.options}
            selectedIndex={item.selectedIndex}
            highlight={item.setHighlightedIndex}
            choose={(o, i) => {
              item.setHighlightedIndex(i)
              item.selectOptionAndCleanUp(o)
            }}
          />,
          anchor.current,
        )
      : null
  return (
    <LexicalTypeaheadMenuPlugin<SlashOption>
      onQueryChange={setQuery}
      onSelectOption={onSelect}
      triggerFn={trigger}
      options={options}
      menuRenderFn={render}
      anchorClassName="rt-slash-anchor"
    />
  )
}
