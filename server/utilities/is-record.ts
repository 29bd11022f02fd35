/** Whether `v` is a plain object (not null, not an array): what stored documents, groups and rows are. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)
