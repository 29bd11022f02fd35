/**
 * The rest of `payload/internal` a storage adapter imports: signed receipts of client uploads (a browser sends a
 * file straight to the storage, then the document create names it), a free filename in a collection, and a file
 * fetched from a URL. Payload 3.90's semantics; the fetch is this server's SSRF-safe one (storage/remote.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { CmsRequest, SanitizedConfig } from '../../config/types.ts'
import { APIError } from '../../errors/api-error.ts'
import { secretKey } from '../../auth/tokens.ts'
import { freeFilename } from '../../storage/filenames.ts'
import { fetchRemote } from '../../storage/remote.ts'
import type { Cms } from '../cms.ts'

const LIFETIME_MS = 6 * 60 * 60 * 1000
const DOMAIN = 'payload-client-upload-receipt-v1'

const cmsOf = (req: CmsRequest) => req.payload as unknown as Cms
const sign = (req: CmsRequest, encoded: string) =>
  createHmac('sha256', Buffer.concat([Buffer.from(`${DOMAIN}:`), secretKey(cmsOf(req).config)]))
    .update(encoded)
    .digest('base64url')
const owner = (req: CmsRequest) => ({
  userCollection: req.user?.collection ?? null,
  userID: req.user?.id ?? null,
})

export interface ClientUploadReceipt {
  collectionSlug: string
  context: Record<string, unknown>
  expiresAt: number
  filename: string
  userCollection: string | null
  userID: string | number | null
}

/** A receipt for `filename` uploaded by the caller to `collectionSlug`, valid six hours, signed with the secret. */
export function createClientUploadReceipt(args: {
  collectionSlug: string
  context: Record<string, unknown>
  filename: string
  req: CmsRequest
  user?: { userCollection: string | null; userID: string | number | null }
}): string {
  const receipt: ClientUploadReceipt = {
    collectionSlug: args.collectionSlug,
    context: args.context,
    expiresAt: Date.now() + LIFETIME_MS,
    filename: args.filename,
    ...(args.user ?? owner(args.req)),
  }
  const encoded = Buffer.from(JSON.stringify(receipt)).toString('base64url')
  return `${encoded}.${sign(args.req, encoded)}`
}

const invalid = () => new APIError('Invalid or expired client upload reference.', 400)

function isReceipt(value: unknown): value is ClientUploadReceipt {
  if (!value || typeof value !== 'object') return false
  const r = value as Record<string, unknown>
  return (
    typeof r.collectionSlug === 'string' &&
    typeof r.context === 'object' &&
    r.context !== null &&
    !Array.isArray(r.context) &&
    typeof r.expiresAt === 'number' &&
    Number.isFinite(r.expiresAt) &&
    typeof r.filename === 'string' &&
    (r.userCollection === null || typeof r.userCollection === 'string') &&
    (r.userID === null ||
      typeof r.userID === 'string' ||
      (typeof r.userID === 'number' && Number.isFinite(r.userID)))
  )
}

/** The receipt, when its signature holds, it is for `collectionSlug` and the caller, and it has not expired; else a 400. */
export function verifyClientUploadReceipt(args: {
  collectionSlug: string
  req: CmsRequest
  signedReceipt: string
}): ClientUploadReceipt {
  const [encoded, signature, extra] = args.signedReceipt.split('.')
  const expected = Buffer.from(encoded ? sign(args.req, encoded) : '')
  const given = Buffer.from(signature ?? '')
  if (!encoded || !signature || extra !== undefined || given.length !== expected.length)
    throw invalid()
  if (!timingSafeEqual(given, expected)) throw invalid()
  let receipt: unknown
  try {
    receipt = JSON.parse(Buffer.from(encoded, 'base64url').toString())
  } catch {
    throw invalid()
  }
  const who = owner(args.req)
  if (
    !isReceipt(receipt) ||
    receipt.collectionSlug !== args.collectionSlug ||
    receipt.expiresAt <= Date.now() ||
    receipt.userCollection !== who.userCollection ||
    receipt.userID !== who.userID
  )
    throw invalid()
  return receipt
}

/**
 * `desiredFilename`, or the first numbered name after it (`photo-1.jpg`) that no document of the collection has
 * (under `prefix`, when the adapter keeps one) and no file in `staticPath` takes.
 */
export async function getSafeFileName(args: {
  collectionSlug: string
  desiredFilename: string
  prefix?: string
  req: CmsRequest
  staticPath?: string
}): Promise<string> {
  const cms = cmsOf(args.req)
  return freeFilename(args.desiredFilename, async (name) => {
    const where = args.prefix
      ? { and: [{ filename: { equals: name } }, { prefix: { equals: args.prefix } }] }
      : { filename: { equals: name } }
    const { totalDocs } = await cms.count({ collection: args.collectionSlug, where, req: args.req })
    return totalDocs > 0 || (args.staticPath ? existsSync(path.join(args.staticPath, name)) : false)
  })
}

/**
 * The file at `data.url` (absolute, or relative to the server's URL), fetched under this server's rules for remote
 * files: public addresses only unless `upload.skipSafeFetch`, a size bound, a timeout, no cookies or headers of the
 * caller sent. Redirects stay within the origin (Payload follows up to three anywhere).
 */
export async function getExternalFile(args: {
  data: { filename?: string; url?: string }
  req: CmsRequest
  uploadConfig: { pasteURL?: unknown; skipSafeFetch?: unknown; limits?: { fileSize?: number } }
}): Promise<{ name?: string; data: Buffer; mimetype?: string; size: number } | undefined> {
  const { url, filename } = args.data
  if (typeof url !== 'string') return undefined
  const config: SanitizedConfig = cmsOf(args.req).config
  let target: URL
  try {
    const base =
      config.serverURL ??
      (args.req.headers?.get('host') ? `http://${args.req.headers.get('host')}` : undefined)
    target = new URL(url, base)
  } catch {
    throw new APIError('Invalid external file URL.', 400)
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new APIError('External file URLs must use HTTP or HTTPS.', 400)
  const paste = args.uploadConfig.pasteURL as { allowList?: { hostname: string }[] } | undefined
  const maxBytes = args.uploadConfig.limits?.fileSize ?? 50 * 1024 * 1024
  const file = await fetchRemote(target.href, {
    allowList: paste?.allowList ?? [{ hostname: target.hostname }],
    skipSafeFetch: args.uploadConfig.skipSafeFetch as boolean | undefined,
    maxBytes,
    tooLarge: () =>
      new APIError(`The file at ${target.href} is larger than ${maxBytes} bytes.`, 413),
    where: 'The external file',
  })
  try {
    const data = await readFile(file.path)
    return { name: filename, data, mimetype: undefined, size: data.length }
  } finally {
    await file.cleanup()
  }
}
