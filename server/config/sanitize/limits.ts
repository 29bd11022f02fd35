/** `config.limits` with their defaults, and the positive-integer check the numeric options share. */
import { ConfigError } from '../../errors/config-error.ts'
import type { Config, SanitizedLimits } from '../types.ts'
import { isObject } from '../../fields/shared.ts'

/** `limits` with their defaults (docs/reliability.md lists them). */
export const DEFAULT_LIMITS: SanitizedLimits = {
  population: { maxDocs: 10_000, maxBytes: 8 * 1024 * 1024 },
  where: { maxConditions: 100, maxValues: 1000, maxValueLength: 1000 },
  maxStatements: 250,
  richText: { maxDepth: 16, maxNodes: 10_000, maxBytes: 1024 * 1024 },
  images: { maxPixels: 40_000_000, concurrency: 2, queue: 8 },
  rows: { maxPerField: 2000, maxPerDocument: 20_000 },
  read: { maxBytes: 4 * 1024 * 1024 },
}

export function sanitizeLimits(input: Config['limits']): SanitizedLimits {
  if (input !== undefined && (!input || typeof input !== 'object'))
    throw new ConfigError('config.limits must be an object.')
  // One option of a group: given (the group may be anything a JavaScript config holds) or its default.
  const option = <G extends 'population' | 'where' | 'richText' | 'images' | 'rows' | 'read'>(
    group: G,
    key: keyof SanitizedLimits[G] & string,
    fallback: number,
  ) => {
    const given: unknown = input?.[group]
    const value = isObject(given) ? given[key] : undefined
    return positiveInt(value ?? fallback, `limits.${group}.${key}`)
  }
  const { population, where, richText, images, rows, read } = DEFAULT_LIMITS
  return {
    population: {
      maxDocs: option('population', 'maxDocs', population.maxDocs),
      maxBytes: option('population', 'maxBytes', population.maxBytes),
    },
    where: {
      maxConditions: option('where', 'maxConditions', where.maxConditions),
      maxValues: option('where', 'maxValues', where.maxValues),
      maxValueLength: option('where', 'maxValueLength', where.maxValueLength),
    },
    richText: {
      maxDepth: option('richText', 'maxDepth', richText.maxDepth),
      maxNodes: option('richText', 'maxNodes', richText.maxNodes),
      maxBytes: option('richText', 'maxBytes', richText.maxBytes),
    },
    images: {
      maxPixels: atMost(
        option('images', 'maxPixels', images.maxPixels),
        0x3fff * 0x3fff,
        'limits.images.maxPixels',
      ),
      concurrency: option('images', 'concurrency', images.concurrency),
      queue: positiveInt(
        (isObject(input?.images) ? input.images.queue : undefined) ?? images.queue,
        'limits.images.queue',
        true,
      ),
    },
    rows: {
      maxPerField: option('rows', 'maxPerField', rows.maxPerField),
      maxPerDocument: option('rows', 'maxPerDocument', rows.maxPerDocument),
    },
    read: { maxBytes: option('read', 'maxBytes', read.maxBytes) },
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

/** `value` when at most `max` (sharp's own pixel ceiling for `limits.images.maxPixels`), else a ConfigError. */
function atMost(value: number, max: number, name: string): number {
  if (value > max) throw new ConfigError(`config.${name} must be at most ${max}; got ${value}.`)
  return value
}
