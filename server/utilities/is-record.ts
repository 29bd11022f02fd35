/** A plain JSON-like object (not null, not an array): stored documents, groups, rows, parsed bodies, contract nodes. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
