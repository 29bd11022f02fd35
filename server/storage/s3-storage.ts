/**
 * `s3Storage` in Payload's shape (`@payloadcms/storage-s3`'s options): a plugin that keeps the files of the upload
 * collections it names in an S3-compatible bucket, each under its `prefix`, with nothing on the local disk. Here the
 * plugin sets each collection's `upload.storage` to this server's S3 adapter (`s3Adapter`, server/storage/s3.ts)
 * instead of hooks and handlers: the same bucket layout (`<prefix>/<filename>`), streamed uploads, ranges passed to
 * S3. Payload's own package, installed from npm, works too (docs/uploads.md, "Payload's storage plugins").
 */
import type { S3ClientConfig } from '@aws-sdk/client-s3'
import { ConfigError } from '../errors/config-error.ts'
import type { CollectionConfig, Config, Plugin } from '../config/types.ts'
import { s3Adapter } from './s3.ts'

/** Payload's per-collection options (those this server acts on). */
export interface S3CollectionOptions {
  /** A folder inside the bucket for this collection's files. */
  prefix?: string
  /** Link the files as pre-signed GET URLs (`expiresIn` seconds, default 7200) instead of serving them. */
  signedDownloads?: boolean | { expiresIn?: number }
}

/** Payload's `S3StorageOptions` (those this server acts on), and `publicUrl` of this server's adapter. */
export interface S3StorageOptions {
  /** The upload collections whose files go to the bucket: `true`, or their options. */
  collections: Record<string, true | S3CollectionOptions>
  bucket: string
  /** The S3 client's settings (`region`, `credentials`; `endpoint` and `forcePathStyle` for S3-compatible servers). */
  config: S3ClientConfig
  /** `false` leaves the config as it is (Payload's switch, for local development). */
  enabled?: boolean
  /** Link every file under this public base URL of the bucket or a CDN (this server's adapter option). */
  publicUrl?: string
}

const OPTIONS = new Set(['collections', 'bucket', 'config', 'enabled', 'publicUrl'])
const COLLECTION_OPTIONS = new Set(['prefix', 'signedDownloads'])

function check(options: S3StorageOptions): void {
  const at = 's3Storage'
  if (!options || typeof options !== 'object')
    throw new ConfigError(`${at} takes Payload's options: { collections, bucket, config }.`)
  for (const key of Object.keys(options))
    if (!OPTIONS.has(key))
      throw new ConfigError(
        `${at}: ${key} is not supported here; the options are ${[...OPTIONS].join(', ')}.`,
      )
  if (!options.collections || typeof options.collections !== 'object')
    throw new ConfigError(`${at}: collections must name the upload collections, { media: true }.`)
  if (typeof options.bucket !== 'string' || !options.bucket)
    throw new ConfigError(`${at}: bucket must be the bucket's name.`)
  for (const [slug, given] of Object.entries(options.collections)) {
    if (given === true) continue
    if (!given || typeof given !== 'object')
      throw new ConfigError(`${at}: collections.${slug} must be true or an object of options.`)
    for (const key of Object.keys(given))
      if (!COLLECTION_OPTIONS.has(key))
        throw new ConfigError(
          `${at}: collections.${slug}.${key} is not supported here; the options are ${[...COLLECTION_OPTIONS].join(', ')}.`,
        )
  }
}

/** Payload's `s3Storage(options)`: the plugin. */
export function s3Storage(options: S3StorageOptions): Plugin {
  check(options)
  return (config: Config): Config => {
    if (options.enabled === false) return config
    const collections = config.collections ?? []
    for (const slug of Object.keys(options.collections))
      if (!collections.some((c) => c.slug === slug && c.upload))
        throw new ConfigError(
          `s3Storage: collections.${slug} is not an upload collection of the config.`,
        )
    return {
      ...config,
      collections: collections.map((c): CollectionConfig => {
        const given = options.collections[c.slug]
        if (!given) return c
        const own = given === true ? {} : given
        const signed = own.signedDownloads
        const storage = s3Adapter({
          bucket: options.bucket,
          config: options.config,
          ...(own.prefix && { prefix: own.prefix }),
          ...(options.publicUrl && { publicUrl: options.publicUrl }),
          ...(signed && {
            signedDownloads: { expiresIn: (signed !== true && signed.expiresIn) || 7200 },
          }),
        })
        const upload = c.upload === true ? {} : { ...c.upload }
        return { ...c, upload: { ...upload, disableLocalStorage: true, storage } }
      }),
    }
  }
}
