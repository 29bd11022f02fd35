/**
 * The storage of uploaded files (issue 34): one interface for every place a file can live. The built-ins are the
 * local disk (`server/storage/local.ts`, the default, under an upload collection's `staticDir`) and S3-compatible
 * object storage (`server/storage/s3.ts`), so several servers behind a load balancer can share files. A key is a
 * path relative to the adapter's root (`<prefix>/<filename>`), made of sanitised segments only.
 */
import type { Readable } from 'node:stream'

/** What is known about a stored file when it is served. */
export interface StoredFileInfo {
  /** Bytes in the whole file. */
  size: number
  /** The MIME type recorded when it was stored, when the adapter keeps one. */
  contentType?: string
  /** An entity tag that changes with the content (quoted, as HTTP sends it). */
  etag?: string
  lastModified?: Date
}

/** A file to serve: its bytes (the requested range of them) and what is known about it. */
export interface StoredFile extends StoredFileInfo {
  body: Readable
}

/** An inclusive byte range of a file (HTTP `Range: bytes=start-end`). */
export interface ByteRange {
  start: number
  end: number
}

export interface StorageAdapter {
  /** For logs and errors: `local disk (/srv/media)`, `s3 (bucket media)`. */
  readonly name: string
  /**
   * Stores the stream under `key`, replacing nothing: an existing key is an error (callers pick a free name).
   * Resolves once the file is complete; when the stream fails, no partial file is left behind.
   */
  put(key: string, body: Readable, info: { contentType: string; size?: number }): Promise<void>
  /** Removes the file; a missing file is not an error (a retried delete succeeds). */
  delete(key: string): Promise<void>
  /** Whether a file is stored under `key` (used to de-duplicate filenames). */
  exists(key: string): Promise<boolean>
  /** The file's bytes (the range of them when given), or undefined when nothing is stored under `key`. */
  get(key: string, range?: ByteRange): Promise<StoredFile | undefined>
  /** Only what `get` would tell about the file, without reading it. */
  stat(key: string): Promise<StoredFileInfo | undefined>
  /**
   * A URL a client may fetch the file from directly (a public bucket, a CDN, a signed URL), or undefined to
   * serve it through the API's file route.
   */
  url?(key: string): Promise<string | undefined>
}
