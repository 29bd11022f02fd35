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

function container<F extends RowField | CollapsibleField>(name: F['type']): LayoutType<F> {
  return {
    name,
    problem: (field) =>
      Array.isArray(field.fields) ? undefined : `a ${name} needs a fields array.`,
    lift: (field, flatten) => flatten(field.fields),
  }
}

export const row = container<RowField>('row')
export const collapsible = container<CollapsibleField>('collapsible')

export const tabs: LayoutType<TabsField> = {
  name: 'tabs',
  problem: (field) =>
    !Array.isArray(field.tabs) || field.tabs.some((t) => !t || !Array.isArray(t.fields))
      ? 'tabs needs a tabs array, each with a fields array.'
      : undefined,
  lift: (field, flatten) =>
    field.tabs.flatMap((tab): FlattenedField[] =>
      tab.name
        ? [
            {
              type: 'group',
              name: tab.name,
              label: tab.label,
              interfaceName: tab.interfaceName,
              ...(tab.saveToJWT !== undefined && { saveToJWT: tab.saveToJWT }),
              fields: flatten(tab.fields),
            },
          ]
        : flatten(tab.fields),
    ),
}

/** A group without a name is presentational, like a row (Payload 3). */
export const unnamedGroup: LayoutType<UnnamedGroupField> = {
  name: 'group',
  problem: () => undefined,
  lift: (field, flatten) => flatten(field.fields),
}
