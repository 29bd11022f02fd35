import type { Condition, FieldAdmin } from '../config/admin.ts'
import type {
  CollapsibleField,
  Field,
  FlattenedField,
  RowField,
  TabsField,
  UnnamedGroupField,
} from '../config/types.ts'

/**
 * Layout types: presentational fields whose children are stored as if declared on the parent (a named tab is a
 * group). The sanitiser flattens them away (config/fields.ts `flattenFields`), so no other layer sees them.
 */
export interface LayoutType<F extends { type: string } = Field> {
  name: string
  /** A startup error's text for a malformed field, or undefined. */
  problem(field: F): string | undefined
  /** The data fields it stands for, flattened. */
  lift(field: F, flatten: (fields: Field[]) => FlattenedField[]): FlattenedField[]
}

/**
 * The lifted fields, each under the layout's `admin.condition` too (Payload skips validating every field inside a
 * layout whose condition is false): a field's own condition and the layout's must both hold.
 */
function underCondition(fields: FlattenedField[], admin: FieldAdmin | undefined): FlattenedField[] {
  const outer = admin?.condition
  if (typeof outer !== 'function') return fields
  return fields.map((f) => {
    const inner = f.admin?.condition
    const condition: Condition = inner
      ? (data, sibling, args) => outer(data, sibling, args) && inner(data, sibling, args)
      : outer
    return { ...f, admin: { ...f.admin, condition } } as FlattenedField
  })
}

function container<F extends RowField | CollapsibleField>(name: F['type']): LayoutType<F> {
  return {
    name,
    problem: (field) =>
      Array.isArray(field.fields) ? undefined : `a ${name} needs a fields array.`,
    lift: (field, flatten) => {
      const lifted = flatten(field.fields)
      return underCondition(lifted, field.admin)
    },
  }
}

export const row = container<RowField>('row')
export const collapsible = container<CollapsibleField>('collapsible')

/** An unnamed tab's fields, lifted under its condition. */
function unnamedTab(
  flatten: (fields: Field[]) => FlattenedField[],
  tab: TabsField['tabs'][number],
) {
  const lifted = flatten(tab.fields)
  return underCondition(lifted, tab.admin)
}

export const tabs: LayoutType<TabsField> = {
  name: 'tabs',
  problem: (field) =>
    !Array.isArray(field.tabs) || field.tabs.some((t) => !t || !Array.isArray(t.fields))
      ? 'tabs needs a tabs array, each with a fields array.'
      : undefined,
  lift: (field, flatten) =>
    underCondition(
      field.tabs.flatMap((tab): FlattenedField[] =>
        tab.name
          ? [
              {
                type: 'group',
                name: tab.name,
                label: tab.label,
                interfaceName: tab.interfaceName,
                ...(tab.saveToJWT !== undefined && { saveToJWT: tab.saveToJWT }),
                ...(tab.localized && { localized: true }),
                // The tab's description describes its group (contracts); its admin (condition) is the group's.
                ...((tab.admin || tab.description !== undefined) && {
                  admin: { ...tab.admin, description: tab.description ?? tab.admin?.description },
                }),
                fields: flatten(tab.fields),
              },
            ]
          : unnamedTab(flatten, tab),
      ),
      field.admin,
    ),
}

/** A group without a name is presentational, like a row (Payload 3). */
export const unnamedGroup: LayoutType<UnnamedGroupField> = {
  name: 'group',
  problem: () => undefined,
  lift: (field, flatten) => {
    const lifted = flatten(field.fields)
    return underCondition(lifted, field.admin)
  },
}
