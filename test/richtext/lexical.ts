/** Builders of Lexical serialized states for the rich-text tests, in the shape Payload's editor stores. */

export const text = (t: string, format = 0) => ({
  type: 'text',
  text: t,
  format,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
})

export const el = (type: string, children: unknown[], extra: Record<string, unknown> = {}) => ({
  type,
  children,
  direction: 'ltr',
  format: '',
  indent: 0,
  version: 1,
  ...extra,
})

export const state = (...children: unknown[]) => ({ root: el('root', children) })
