/** A JSON-like object: not null, not an array (what the OpenAPI documents and parsed bodies hold as objects). */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
