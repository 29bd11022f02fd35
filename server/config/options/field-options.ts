/**
 * The tables of the option objects inside fields: a field's access and hooks, blocks, tabs, unnamed groups,
 * select and radio options.
 */
import type { Block, FieldBase, Option, Tab, UnnamedGroupField } from '../types.ts'
import * as refused from '../unsupported.ts'
import { I, type Implemented, type OptionTable } from './table.ts'

export const FIELD_OPTION_TABLES = {
  fieldAccess: {
    of: "a field's access",
    implemented: { create: I, read: I, update: I } satisfies Implemented<
      NonNullable<FieldBase['access']>
    >,
    refused: {},
  },
  fieldHooks: {
    of: "a field's hooks",
    implemented: {
      beforeValidate: I,
      beforeChange: I,
      afterChange: I,
      afterRead: I,
      beforeDuplicate: I,
    } satisfies Implemented<NonNullable<FieldBase['hooks']>>,
    refused: refused.fieldHooksRefusals,
  },
  block: {
    of: 'a block',
    implemented: {
      slug: I,
      fields: I,
      interfaceName: I,
      labels: I,
      imageURL: I,
      imageAltText: I,
      graphQL: I,
      admin: I,
      custom: I,
    } satisfies Implemented<Block>,
    refused: refused.blockRefusals,
  },
  tab: {
    of: 'a tab',
    implemented: {
      name: I,
      label: I,
      fields: I,
      interfaceName: I,
      saveToJWT: I,
      localized: I,
      description: I,
      admin: I,
    } satisfies Implemented<Tab>,
    refused: refused.tabRefusals,
  },
  unnamedGroup: {
    of: 'an unnamed group (presentational: its fields are stored at the parent level)',
    implemented: {
      type: I,
      name: I,
      label: I,
      fields: I,
      admin: I,
      custom: I,
    } satisfies Implemented<UnnamedGroupField>,
    refused: refused.unnamedGroupRefusals,
  },
  option: {
    of: 'a select or radio option',
    implemented: { value: I, label: I } satisfies Implemented<Exclude<Option, string>>,
    refused: refused.optionRefusals,
  },
} as const satisfies Record<string, OptionTable>
