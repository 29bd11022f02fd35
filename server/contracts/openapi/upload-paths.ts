/**
 * What an upload collection adds to its paths (issue 34): the multipart bodies of create and update (Payload's
 * wire format: the file as `file`, the document as `_payload` JSON text or as form fields) and the file route.
 */
import type { FlattenedField } from '../../config/types.ts'
import type { SanitizedUpload } from '../../config/upload.ts'
import { isRecord } from '../../utilities/is-record.ts'
import type { Schema } from '../schemas.ts'
import type { CollectionOps } from './collection-ops.ts'
import { errors } from './shared.ts'

/**
 * A multipart body: the file, and the document as `_payload` (or as plain string fields). No part types are
 * declared: clients send `_payload` as a plain field, and the server reads a file's type from its content.
 */
function multipart(
  o: CollectionOps,
  upload: SanitizedUpload,
  input: string,
  fileRequired: boolean,
): Schema {
  const example = exampleDocument(o.c.flatFields)
  const fileTypes = upload.mimeTypes?.join(', ')
  return {
    schema: {
      type: 'object',
      ...(fileRequired && { required: ['file'] }),
      properties: {
        file: {
          type: 'string',
          format: 'binary',
          description: `The file${fileTypes ? ` (${fileTypes})` : ''}. Its type is read from its content, not from its name or this part’s header.`,
        },
        _payload: {
          type: 'string',
          contentMediaType: 'application/json',
          contentSchema: { $ref: `#/components/schemas/${o.singular}${input}` },
          description: `The document's fields as JSON text (a ${o.singular}${input}); without it, the other form fields are the document, as strings.`,
          ...(example && { examples: [JSON.stringify(example)] }),
        },
      },
      // Plain form fields: names a multipart header can carry (no control characters, no quotes).
      propertyNames: { pattern: '^[^\\u0000-\\u001f\\u007f"]+$' },
      additionalProperties: { type: 'string' },
    },
  }
}

/**
 * The smallest document of a collection whose required fields are all simple (text, email, number, checkbox,
 * select): an example of `_payload` a client (or a contract tester) can send; undefined when one needs more.
 */
function exampleDocument(fields: FlattenedField[]): Record<string, unknown> | undefined {
  const doc: Record<string, unknown> = {}
  for (const f of fields) {
    if (!f.required || f.defaultValue !== undefined || f.virtual) continue
    if (f.type === 'text' || f.type === 'textarea')
      doc[f.name] = 'Example'.padEnd(f.minLength ?? 0, '.').slice(0, f.maxLength ?? 7)
    else if (f.type === 'email') doc[f.name] = 'someone@example.com'
    else if (f.type === 'number') doc[f.name] = f.min ?? 0
    else if (f.type === 'checkbox') doc[f.name] = false
    else if (f.type === 'select' || f.type === 'radio') {
      const first = f.options[0]
      doc[f.name] = typeof first === 'string' ? first : first?.value
    } else return undefined
  }
  return doc
}

const binary = (description: string) => ({
  description,
  headers: {
    'Content-Length': { schema: { type: 'integer' } },
    ETag: { schema: { type: 'string' } },
  },
  content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
})

/** Adds the multipart bodies to the create and update of `o.c` and its file route. */
export function uploadPaths(o: CollectionOps, upload: SanitizedUpload): void {
  const { paths, base, singular, tag, meta, c } = o
  // A create that needs a file takes multipart only: a JSON body has nowhere to carry one.
  const withMultipart = (op: Schema | undefined, media: Schema, only: boolean) => {
    const body = op?.requestBody
    if (!op || !isRecord(body) || !isRecord(body.content))
      throw new Error(`${c.slug}: the upload bodies need the create and update operations first.`)
    const content = { ...(only ? {} : body.content), 'multipart/form-data': media }
    op.requestBody = { ...body, content }
  }
  const required = upload.filesRequiredOnCreate
  withMultipart(paths[base]?.post, multipart(o, upload, 'CreateInput', required), required)
  withMultipart(paths[`${base}/{id}`]?.patch, multipart(o, upload, 'UpdateInput', false), false)
  paths[`${base}/file/{filename}`] = {
    get: {
      operationId: `get${singular}File`,
      summary: `Download the file of a ${c.labels.singular} (or of one of its sizes)`,
      tags: tag,
      'x-cms': meta('getFile'),
      parameters: [
        {
          name: 'filename',
          in: 'path',
          required: true,
          description: 'The stored filename (`filename`, or `sizes.<name>.filename`).',
          schema: { type: 'string', minLength: 1 },
        },
        { name: 'Range', in: 'header', required: false, schema: { type: 'string' } },
        { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } },
      ],
      responses: {
        200: binary('The file'),
        206: binary('The bytes of the requested range (`Content-Range` names them)'),
        302: {
          description: 'The file is at its storage’s own link (`Location`)',
          headers: { Location: { schema: { type: 'string', format: 'uri' } } },
        },
        304: { description: 'Not modified: the `If-None-Match` ETag is current' },
        ...errors(400, 401, 403, 404, 500),
      },
    },
  }
  // Only where pasting is on: elsewhere every call would be refused, an operation no client can use.
  if (upload.pasteURL) pastePaths(o)
}

/** Payload's paste-url: `<slug>/paste-url?src=` for a new document, `<slug>/paste-url/{id}?src=` for one. */
function pastePaths(o: CollectionOps): void {
  const { paths, base, singular, tag, meta, c } = o
  const src = {
    name: 'src',
    in: 'query',
    required: true,
    description:
      'The URL of the file (http or https, matched against `upload.pasteURL.allowList`).',
    schema: { type: 'string', minLength: 1 },
  }
  const op = (withId: boolean) => ({
    get: {
      operationId: `paste${singular}URL${withId ? 'ForDocument' : ''}`,
      summary: `Fetch a file from a URL for ${withId ? 'a' : 'a new'} ${c.labels.singular}`,
      tags: tag,
      'x-cms': meta('pasteURL'),
      parameters: withId
        ? [
            src,
            { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1 } },
          ]
        : [src],
      responses: {
        200: binary('The file, as an attachment (its type read from its content)'),
        ...errors(400, 401, 403, 413, 500),
        ...(withId && errors(404)),
      },
    },
  })
  paths[`${base}/paste-url`] = op(false)
  paths[`${base}/paste-url/{id}`] = op(true)
}
