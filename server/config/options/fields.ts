/**
 * The field tables: the keys every data field shares and each field type's own, with the refusals of every data
 * field and of its type.
 */
import type {
  ArrayField,
  BlocksField,
  CheckboxField,
  CodeField,
  CollapsibleField,
  DateField,
  EmailField,
  FieldBase,
  FieldType,
  GroupField,
  JoinField,
  JSONField,
  NumberField,
  PointField,
  RadioField,
  RelationshipField,
  RichTextField,
  UploadField,
  RowField,
  SelectField,
  TabsField,
  TextareaField,
  TextField,
  UIField,
} from '../types.ts'
import * as refused from '../unsupported.ts'
import { exact, I, type OptionTable } from './table.ts'

const fieldBase = {
  name: I,
  label: I,
  required: I,
  localized: I,
  defaultValue: I,
  validate: I,
  access: I,
  hooks: I,
  hidden: I,
  saveToJWT: I,
  virtual: I,
  admin: I,
  custom: I,
} as const
/** Fields with a column of their own also take `unique` and `index`. */
const columnBase = { ...fieldBase, unique: I, index: I } as const

/** What relationship and upload fields share. */
const relationKeys = {
  ...columnBase,
  type: I,
  relationTo: I,
  filterOptions: I,
  hasMany: I,
  maxDepth: I,
  minRows: I,
  maxRows: I,
} as const

const fieldTypes = {
  text: exact<TextField>()({
    ...columnBase,
    type: I,
    minLength: I,
    maxLength: I,
    hasMany: I,
    minRows: I,
    maxRows: I,
  }),
  textarea: exact<TextareaField>()({ ...columnBase, type: I, minLength: I, maxLength: I }),
  email: exact<EmailField>()({ ...columnBase, type: I }),
  code: exact<CodeField>()({ ...columnBase, type: I, minLength: I, maxLength: I }),
  number: exact<NumberField>()({
    ...columnBase,
    type: I,
    min: I,
    max: I,
    hasMany: I,
    minRows: I,
    maxRows: I,
  }),
  checkbox: exact<CheckboxField>()({ ...columnBase, type: I }),
  date: exact<DateField>()({ ...columnBase, type: I, timezone: I }),
  select: exact<SelectField>()({
    ...columnBase,
    type: I,
    options: I,
    hasMany: I,
    minRows: I,
    maxRows: I,
    interfaceName: I,
  }),
  radio: exact<RadioField>()({ ...columnBase, type: I, options: I, interfaceName: I }),
  json: exact<JSONField>()({ ...fieldBase, type: I, jsonSchema: I }),
  // `lexical` is the sanitiser's, never given.
  richText: exact<Omit<RichTextField, 'lexical'>>()({
    ...fieldBase,
    type: I,
    editor: I,
    maxDepth: I,
  }),
  // Always indexed (for `near`), so `index` holds; `unique` is not supported.
  point: exact<PointField>()({ ...fieldBase, index: I, type: I }),
  relationship: exact<RelationshipField>()(relationKeys),
  upload: exact<UploadField>()({ ...relationKeys, displayPreview: I }),
  join: exact<JoinField>()({
    name: I,
    label: I,
    access: I,
    hooks: I,
    hidden: I,
    admin: I,
    custom: I,
    type: I,
    collection: I,
    on: I,
    where: I,
    defaultLimit: I,
    defaultSort: I,
    maxDepth: I,
    orderable: I,
  }),
  array: exact<ArrayField>()({
    ...fieldBase,
    type: I,
    fields: I,
    labels: I,
    minRows: I,
    maxRows: I,
    interfaceName: I,
  }),
  blocks: exact<BlocksField>()({
    ...fieldBase,
    type: I,
    blocks: I,
    labels: I,
    minRows: I,
    maxRows: I,
  }),
  group: exact<GroupField>()({
    ...fieldBase,
    type: I,
    fields: I,
    interfaceName: I,
    index: I,
    unique: I,
  }),
  row: exact<RowField>()({ type: I, fields: I, admin: I, custom: I }),
  collapsible: exact<CollapsibleField>()({ type: I, fields: I, label: I, admin: I, custom: I }),
  tabs: exact<TabsField>()({ type: I, tabs: I, admin: I, custom: I }),
  ui: exact<UIField>()({ type: I, name: I, label: I, admin: I, custom: I }),
} as const satisfies Record<FieldType, Readonly<Record<string, 'implemented'>>>

// The keys every data field shares are FieldBase's, exactly.
export const fieldBaseTable = exact<FieldBase>()(columnBase)

const LAYOUT = new Set<string>(['row', 'collapsible', 'tabs', 'ui'])

const typeRefusals = new Map<string, Readonly<Record<string, string>>>(
  Object.entries(refused.fieldTypeRefusals),
)

/** The table of each field type: its keys, the refusals of every data field and its own. */
export const FIELD_TABLES: Record<string, OptionTable> = Object.fromEntries(
  Object.entries(fieldTypes).map(([type, implemented]): [string, OptionTable] => [
    type,
    {
      of: `${/^(?:[aeio]|up)/.test(type) ? 'an' : 'a'} ${type} field`,
      implemented,
      refused: { ...(LAYOUT.has(type) ? {} : refused.fieldRefusals), ...typeRefusals.get(type) },
    },
  ]),
)
