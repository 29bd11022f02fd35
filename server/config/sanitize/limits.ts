/** `config.limits` with their defaults, and the positive-integer check the numeric options share. */
import { ConfigError } from '../../errors/config-error.ts'
import type { Config, SanitizedLimits } from '../types.ts'

/** `limits` with their defaults (docs/reliability.md lists them). */
export const DEFAULT_LIMITS: SanitizedLimits = {
  population: { maxDocs: 10_000, maxBytes: 8 * 1024 * 1024 },
  where: { maxConditions: 100, maxValues: 1000, maxValueLength: 1000 },
  maxStatements: 250,
}

export function sanitizeLimits(input: Config['limits']): SanitizedLimits {
  if (input !== undefined && (!input || typeof input !== 'object'))
    throw new ConfigError('config.limits must be an object.')
  const pick = <K extends 'population' | 'where'>(group: K): SanitizedLimits[K] => {
    const given = (input?.[group] ?? {}) as Record<string, unknown>
    const defaults = DEFAULT_LIMITS[group] as Record<string, number>
    return Object.fromEntries(
      Object.entries(defaults).map(([k, d]) => [
        k,
        positiveInt(given[k] ?? d, `limits.${group}.${k}`),
      ]),
    ) as SanitizedLimits[K]
  }
  return {
    population: pick('population'),
    where: pick('where'),
    maxStatements: positiveInt(
      input?.maxStatements ?? DEFAULT_LIMITS.maxStatements,
      'limits.maxStatements',
    ),
  }
}

export function positiveInt(value: unknown, name: string, allowZero = false): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new ConfigError(
      `config.${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer; got ${JSON.stringify(value)}.`,
    )
  }
  return value
}
