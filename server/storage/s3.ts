import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { Readable } from 'node:stream'
import type { ByteRange, StorageAdapter, StoredFileInfo } from '../config/storage.ts'
import { checkKey } from './keys.ts'

export interface S3StorageOptions {
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
 * Files in an S3-compatible bucket. Uploads stream through `@aws-sdk/lib-storage` (multipart above 5 MB, parts
 * aborted when the stream fails, so no partial object remains); reads pass the byte range to S3.
 */
export function s3Storage(options: S3StorageOptions): StorageAdapter {
  const client = new S3Client(options.config)
  const { bucket } = options
  const prefix = options.prefix ? `${checkKey(options.prefix)}/` : ''
  const Key = (key: string) => `${prefix}${checkKey(key)}`
  const stat = async (key: string): Promise<StoredFileInfo | undefined> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: Key(key) }))
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
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: Key(key), Body: body, ContentType: info.contentType },
        leavePartsOnError: false,
      })
      await upload.done()
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: Key(key) }))
    },
    exists: async (key) => (await stat(key)) !== undefined,
    stat,
    async get(key: string, range?: ByteRange) {
      try {
        const got = await client.send(
          new GetObjectCommand({
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
      const command = new GetObjectCommand({ Bucket: bucket, Key: Key(key) })
      return getSignedUrl(client, command, { expiresIn: options.signedDownloads.expiresIn })
    },
  }
}
