import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3'
import { Readable } from 'node:stream'
import type { ByteRange, StorageAdapter, StoredFileInfo } from '../config/storage.ts'
import { checkKey } from './keys.ts'

export interface S3AdapterOptions {
  bucket: string
  /** A folder inside the bucket that every key goes under (no leading or trailing slash). */
  prefix?: string
  /**
   * The client's settings: `region`, `credentials`, and for an S3-compatible server (MinIO, Ceph, R2, s3rver)
   * its `endpoint` with `forcePathStyle: true`.
   */
  config: S3ClientConfig
  /** A public base URL of the bucket or a CDN in front of it: files are linked there, not served by the API. */
  publicUrl?: string
  /** Link files as pre-signed GET URLs valid this many seconds, instead of serving them through the API. */
  signedDownloads?: { expiresIn: number }
}

const notFound = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NotFound' ||
    error.name === 'NoSuchKey' ||
    ('$metadata' in error &&
      typeof error.$metadata === 'object' &&
      error.$metadata !== null &&
      'httpStatusCode' in error.$metadata &&
      error.$metadata.httpStatusCode === 404))

/** The total size from `Content-Range: bytes 0-9/1234`. */
const totalOf = (contentRange: string | undefined) => {
  const total = contentRange ? Number(contentRange.split('/')[1]) : NaN
  return Number.isFinite(total) ? total : undefined
}

/**
 * The AWS SDK, loaded when the adapter is first used: importing it costs about 200 ms and 35 MB of RSS, which a
 * config that imports `s3Adapter` from contract-cms without using it (or before its first upload) should not
 * pay at start-up (docs/performance.md, "Start-up").
 */
const loadSdk = async () => {
  const [s3, storage, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
    import('@aws-sdk/s3-request-presigner'),
  ])
  return { ...s3, Upload: storage.Upload, getSignedUrl: presigner.getSignedUrl }
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>

/**
 * Files in an S3-compatible bucket. Uploads stream through `@aws-sdk/lib-storage` (multipart above 5 MB, parts
 * aborted when the stream fails, so no partial object remains); reads pass the byte range to S3.
 */
export function s3Adapter(options: S3AdapterOptions): StorageAdapter {
  let ready: Promise<{ sdk: Sdk; client: S3Client }> | undefined
  const connect = () =>
    (ready ??= loadSdk().then((sdk) => ({ sdk, client: new sdk.S3Client(options.config) })))
  const { bucket } = options
  const prefix = options.prefix ? `${checkKey(options.prefix)}/` : ''
  const Key = (key: string) => `${prefix}${checkKey(key)}`
  const stat = async (key: string): Promise<StoredFileInfo | undefined> => {
    const { sdk, client } = await connect()
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: Key(key) }))
      return {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType,
        etag: head.ETag,
        lastModified: head.LastModified,
      }
    } catch (error) {
      if (notFound(error)) return undefined
      throw error
    }
  }
  return {
    name: `s3 (bucket ${bucket}${prefix ? `, prefix ${prefix}` : ''})`,
    async put(key, body, info) {
      const { sdk, client } = await connect()
      const upload = new sdk.Upload({
        client,
        params: { Bucket: bucket, Key: Key(key), Body: body, ContentType: info.contentType },
        leavePartsOnError: false,
      })
      await upload.done()
    },
    async delete(key) {
      const { sdk, client } = await connect()
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: Key(key) }))
    },
    exists: async (key) => (await stat(key)) !== undefined,
    stat,
    async get(key: string, range?: ByteRange) {
      const { sdk, client } = await connect()
      try {
        const got = await client.send(
          new sdk.GetObjectCommand({
            Bucket: bucket,
            Key: Key(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        )
        if (!(got.Body instanceof Readable)) throw new Error('S3 answered without a body stream.')
        return {
          body: got.Body,
          size: (range ? totalOf(got.ContentRange) : got.ContentLength) ?? 0,
          contentType: got.ContentType,
          etag: got.ETag,
          lastModified: got.LastModified,
        }
      } catch (error) {
        if (notFound(error)) return undefined
        throw error
      }
    },
    async url(key) {
      if (options.publicUrl) return `${options.publicUrl.replace(/\/$/, '')}/${Key(key)}`
      if (!options.signedDownloads) return undefined
      const { sdk, client } = await connect()
      const command = new sdk.GetObjectCommand({ Bucket: bucket, Key: Key(key) })
      return sdk.getSignedUrl(client, command, { expiresIn: options.signedDownloads.expiresIn })
    },
  }
}
