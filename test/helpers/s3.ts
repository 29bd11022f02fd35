import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { S3AdapterOptions } from '../../server/storage/s3.ts'

export interface S3Server {
  /** Settings of an `s3Adapter` on this server's bucket. */
  options: (extra?: Partial<S3AdapterOptions>) => S3AdapterOptions
  close: () => Promise<void>
}

/**
 * A real S3-compatible server (s3rver, over a fresh folder) on a loopback port, with one bucket, for tests of the
 * S3 adapter: requests go over HTTP with signatures, as to AWS.
 */
export async function startS3(bucket = 'media'): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'cms-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  return {
    options: (extra = {}) => ({
      bucket,
      config: {
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      },
      ...extra,
    }),
    close: async () => {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
