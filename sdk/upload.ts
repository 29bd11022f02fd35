/**
 * Files of upload collections in the SDK: the file a create or update sends (multipart/form-data, the document as
 * `_payload` JSON text beside the `file` part, as Payload's clients send it), and the links to stored files.
 * Browser and Node alike: a path is read only through `ClientOptions.readFile`, which `contract-cms/sdk/node`
 * sets, so no Node module reaches a browser bundle.
 */

/** Bytes as the browser and Node hold them (a Node `Buffer` is a `Uint8Array`). */
export type FileBytes = Blob | ArrayBuffer | Uint8Array

/**
 * A file to upload: a `File` (its name is kept) or a `Blob`, bytes with their name (`{ data, name, type? }`), or, in
 * Node with `contract-cms/sdk/node`, a file path. The server reads the type from the content either way.
 */
export type UploadInput = FileBytes | { data: FileBytes; name: string; type?: string } | string

/** Reads a file path for an upload (`contract-cms/sdk/node` gives one; a browser has none). */
export type ReadFile = (path: string) => Promise<Blob>

/** The document fields the file helpers read: the links and names the server writes. */
export interface StoredFile {
  url?: string | null
  filename?: string | null
  sizes?: Record<
    string,
    { url?: string | null; filename?: string | null } | null | undefined
  > | null
}

const blobOf = (bytes: FileBytes, type?: string): Blob =>
  bytes instanceof Blob
    ? bytes
    : new Blob([bytes instanceof ArrayBuffer ? bytes : new Uint8Array(bytes)], { type })

/** The file part: a Blob and the name it is sent under (a Blob has none: `file`). */
async function filePart(input: UploadInput, readFile?: ReadFile): Promise<[Blob, string]> {
  if (typeof input === 'string') {
    if (!readFile)
      throw new Error(
        'A file path is read in Node only: import createClient from "contract-cms/sdk/node", or pass a File, Blob or bytes.',
      )
    const blob = await readFile(input)
    return [blob, 'name' in blob ? String(blob.name) : (input.split(/[\\/]/).pop() ?? 'file')]
  }
  if (input instanceof Blob) return [input, input instanceof File ? input.name : 'file']
  if (input instanceof ArrayBuffer || ArrayBuffer.isView(input)) return [blobOf(input), 'file']
  return [blobOf(input.data, input.type), input.name]
}

/** The multipart body of a write with a file: `_payload` (the document as JSON text), then `file`. */
export async function uploadForm(
  data: unknown,
  file: UploadInput,
  readFile?: ReadFile,
): Promise<FormData> {
  const [blob, name] = await filePart(file, readFile)
  const form = new FormData()
  form.append('_payload', JSON.stringify(data ?? {}))
  form.append('file', blob, name)
  return form
}

/** The stored file of a document, or of one of its sizes (`null` when that size was not made). */
export function storedFile(doc: StoredFile, size?: string) {
  return size === undefined ? doc : (doc.sizes?.[size] ?? null)
}

type Send = (op: unknown, args: Record<string, unknown>) => Promise<unknown>

/**
 * The untyped work behind a collection's file options and helpers (`sdk/index.ts` types them per slug):
 * `getFileOp` is the generated file route of an upload collection, absent elsewhere.
 */
export function fileMethods(c: {
  slug: string
  /** Where the API is, e.g. `http://127.0.0.1:3000/api`. */
  api: string
  getFileOp?: unknown
  send: Send
  readFile?: ReadFile
}) {
  const upload = () => {
    if (!c.getFileOp) throw new Error(`Collection "${c.slug}" is not an upload collection.`)
    return c.getFileOp
  }
  return {
    /** A create or update: JSON, or multipart with `_payload` when `options.file` is set. */
    async write(op: unknown, args: Record<string, unknown>, data: unknown, options?: object) {
      const { file, ...query } = (options ?? {}) as { file?: UploadInput }
      if (file === undefined) return c.send(op, { ...args, body: data, query })
      upload()
      const body = await uploadForm(data, file, c.readFile)
      // The body goes as is; the generated function's JSON Content-Type is dropped so fetch sets the boundary.
      return c.send(op, {
        ...args,
        body,
        query,
        bodySerializer: null,
        headers: { 'Content-Type': null },
      })
    },
    fileURL(doc: StoredFile, size?: string): string | null {
      upload()
      const file = storedFile(doc, size)
      if (file?.url) return new URL(file.url, c.api).href
      if (file?.filename) return `${c.api}/${c.slug}/file/${encodeURIComponent(file.filename)}`
      return null
    },
    async getFile(file: StoredFile | string, options: { size?: string; range?: string } = {}) {
      const op = upload()
      const filename = typeof file === 'string' ? file : storedFile(file, options.size)?.filename
      if (!filename)
        throw new Error(
          options.size
            ? `The document has no "${options.size}" size.`
            : 'The document has no file.',
        )
      const headers = options.range ? { Range: options.range } : undefined
      return c.send(op, { path: { filename }, headers, parseAs: 'blob' }) as Promise<Blob>
    },
  }
}
