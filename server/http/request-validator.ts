import type { Operation, ContractDocument } from '../contracts/operation.ts'
import type { Schema } from '../contracts/refs.ts'
import { isRecord } from '../utilities/is-record.ts'

/**
 * The request validation of the contract's operations, each compiled by Ajv on its first request (issue 58,
 * item 3). Each operation is checked as OpenAPI validators check it (openapi-backend's request validation, which
 * the server used until then and the tests still use for responses): one object `{ path, query, header, cookie }`
 * against the parameters (query and path closed, headers and cookies open, types coerced), and `{ requestBody }`
 * against the body's schema, so an error's `instancePath` starts with the part it is in (`/query/depth`,
 * `/requestBody/title`). Nothing is copied or dereferenced at start: an operation's schemas reach the components
 * by `$ref`, and Ajv loads each component the first time a schema refers to it (its own references pointed to the
 * other components' keys), so a component is copied and compiled once, when an operation first needs it
 * (measured in docs/performance.md, round 4).
 */
export type AjvError = { instancePath: string; keyword: string; params: unknown; message?: string }
type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null }
interface AjvLike {
  compileAsync: (schema: object) => Promise<Validate>
}

export interface RequestParts {
  /** The path parameters the router found. */
  path: Record<string, string>
  /** The query, where/select/populate/joins as the objects they are; coerced in place. */
  query: Record<string, unknown>
  headers: Record<string, unknown>
  /** The parsed JSON body, undefined when none was sent. */
  body: unknown
  contentType: string | undefined
}
/** null when the request passes, else Ajv's errors. */
export type RequestValidator = (parts: RequestParts) => AjvError[] | null

const COMPONENT = '#/components/schemas/'
/** The key a component is loaded under. */
const KEY = 'cms-contract-'
const JSON_TYPE = 'application/json'

/** The signed-integer range an OpenAPI `int32`/`int64` format allows. */
const bits = (n: number) => {
  const max = 2 ** (n - 1)
  return (value: number) => value >= -max && value < max
}
/** The two formats the CMS reads its own way (dates as Date.parse does, emails loosely): requests and responses. */
export const CMS_FORMATS = {
  'date-time': { validate: (s: string) => !Number.isNaN(Date.parse(s)) },
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
}
/** The formats OpenAPI defines, and the CMS's own. */
const FORMATS: Record<string, unknown> = {
  int32: { type: 'number', validate: bits(32) },
  int64: { type: 'number', validate: bits(64) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
  byte: {
    type: 'string',
    validate: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  },
  binary: { type: 'string', validate: () => true },
  password: { type: 'string', validate: () => true },
  ...CMS_FORMATS,
}

/** A copy of a schema with its references to components pointed to the keys they are loaded under. */
function pointed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointed)
  if (!isRecord(value)) return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value))
    out[k] =
      k === '$ref' && typeof v === 'string' && v.startsWith(COMPONENT)
        ? KEY + v.slice(COMPONENT.length)
        : pointed(v)
  return out
}

/** A parameter with a reference to a shared one resolved, and a JSON-text one as its content's schema. */
function parameterOf(document: ContractDocument, p: Schema): Schema {
  const ref = typeof p.$ref === 'string' ? /^#\/components\/parameters\/(.+)$/.exec(p.$ref) : null
  const shared = isRecord(document.components) ? document.components.parameters : undefined
  const target = ref ? (isRecord(shared) ? shared[ref[1]] : undefined) : p
  if (!isRecord(target)) throw new Error(`The contract has no parameter ${String(p.$ref)}.`)
  // A JSON-text parameter (where, select, populate) reaches validation parsed (server/http/query.ts).
  const schema = isRecord(target.schema) ? target.schema : undefined
  return schema?.contentMediaType === JSON_TYPE && schema.contentSchema
    ? { ...target, schema: schema.contentSchema }
    : target
}

/** The parameters' schema: path and query closed, headers (lower-cased) and cookies open. */
function parametersSchema(document: ContractDocument, operation: Operation): Schema {
  const part = (additionalProperties: unknown) => ({
    type: 'object',
    additionalProperties,
    properties: {} as Record<string, unknown>,
    required: [] as string[],
  })
  const parts: Record<string, ReturnType<typeof part>> = {
    path: part(false),
    query: part(false),
    header: part(true),
    cookie: part(true),
  }
  const required = new Set<string>()
  for (const given of operation.parameters ?? []) {
    const p = parameterOf(document, given)
    const target = typeof p.in === 'string' ? parts[p.in] : undefined
    if (!target || typeof p.name !== 'string') continue
    const name = p.in === 'header' ? p.name.toLowerCase() : p.name
    if (p.required) {
      if (!target.required.includes(name)) target.required.push(name)
      required.add(p.in as string)
    }
    const schema = isRecord(p.schema) ? p.schema : undefined
    if (schema?.additionalProperties !== undefined)
      target.additionalProperties = schema.additionalProperties
    target.properties[name] = pointed(p.schema)
  }
  return { type: 'object', properties: parts, required: [...required] }
}

/** A binary property (a file part) cannot be checked as JSON: it is not required of the body checked. */
function withoutBinaryRequired(schema: Schema): Schema {
  const properties = isRecord(schema.properties) ? schema.properties : undefined
  if (!properties || !Array.isArray(schema.required)) return schema
  const binary = (name: string) => {
    const p = properties[name]
    return isRecord(p) && p.type === 'string' && p.format === 'binary'
  }
  return { ...schema, required: schema.required.filter((name: string) => !binary(name)) }
}

/**
 * The body's schema: its JSON content's; for an upload, the document its `_payload` part holds (the multipart body
 * reaches validation as that document, server/http/multipart.ts).
 */
function bodySchema(operation: Operation): Schema | undefined {
  const content = isRecord(operation.requestBody) ? operation.requestBody.content : undefined
  if (!isRecord(content)) return undefined
  const json = isRecord(content[JSON_TYPE]) ? content[JSON_TYPE].schema : undefined
  if (isRecord(json)) return json
  const form = content['multipart/form-data'] ?? content['application/x-www-form-urlencoded']
  const schema = isRecord(form) && isRecord(form.schema) ? form.schema : undefined
  const payload = isRecord(schema?.properties) ? schema.properties._payload : undefined
  if (isRecord(payload) && isRecord(payload.contentSchema)) return payload.contentSchema
  return schema && withoutBinaryRequired(schema)
}

async function newAjv(document: ContractDocument, coerceTypes: boolean): Promise<AjvLike> {
  const { Ajv } = await import('ajv')
  const components = isRecord(document.components) ? document.components.schemas : undefined
  const loadSchema = (uri: string) => {
    const schema =
      uri.startsWith(KEY) && isRecord(components) ? components[uri.slice(KEY.length)] : undefined
    if (!isRecord(schema)) return Promise.reject(new Error(`The contract has no schema ${uri}.`))
    return Promise.resolve(pointed(schema) as Schema)
  }
  // The contract's schemas are linted against the meta-schemas by the tests (Redocly, Spectral): not checked again.
  const ajv = new Ajv({
    strict: false,
    inlineRefs: false,
    validateSchema: false,
    code: { optimize: false },
    coerceTypes,
    loadSchema,
  })
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format as never)
  return ajv as unknown as AjvLike
}

/** The validator of each operation by its operationId, compiled on its first request and kept. */
export function requestValidators(
  document: ContractDocument,
): (operationId: string) => RequestValidator | Promise<RequestValidator> {
  let operations: Map<string, Operation> | undefined
  let ajvs: Promise<{ params: AjvLike; body: AjvLike }> | undefined
  const compiled = new Map<string, RequestValidator>()
  const operation = (operationId: string): Operation => {
    operations ??= new Map(
      Object.values(document.paths).flatMap((item) =>
        Object.values(item).map((op): [string, Operation] => [op.operationId, op]),
      ),
    )
    const op = operations.get(operationId)
    if (!op) throw new Error(`The contract has no operation ${operationId}.`)
    return op
  }
  const pending = new Map<string, Promise<RequestValidator>>()
  const build = async (operationId: string): Promise<RequestValidator> => {
    const op = operation(operationId)
    ajvs ??= Promise.all([newAjv(document, true), newAjv(document, false)]).then(
      ([params, body]) => ({ params, body }),
    )
    const { params, body } = await ajvs
    const validator = await compile(
      op,
      parametersSchema(document, op),
      bodySchema(op),
      params,
      body,
    )
    compiled.set(operationId, validator)
    return validator
  }
  // Requests for an operation that arrive while it compiles wait for the one compilation.
  return (operationId) => {
    const done = compiled.get(operationId)
    if (done) return done
    let building = pending.get(operationId)
    if (!building) {
      building = build(operationId).finally(() => pending.delete(operationId))
      pending.set(operationId, building)
    }
    return building
  }
}

async function compile(
  op: Operation,
  parameters: Schema,
  body: Schema | undefined,
  params: AjvLike,
  bodies: AjvLike,
): Promise<RequestValidator> {
  const checkParameters = await params.compileAsync(parameters)
  const bodyRequired = isRecord(op.requestBody) && op.requestBody.required === true
  const checkBody = body
    ? await bodies.compileAsync({
        type: 'object',
        properties: { requestBody: pointed(body) },
        required: bodyRequired ? ['requestBody'] : [],
      })
    : undefined
  // A parameter declared as an array and given once is a list of one.
  const arrays = new Set(
    (op.parameters ?? []).flatMap((p) =>
      p.in === 'query' &&
      typeof p.name === 'string' &&
      isRecord(p.schema) &&
      p.schema.type === 'array'
        ? [p.name]
        : [],
    ),
  )
  return ({ path, query, headers, body: given, contentType }) => {
    if (arrays.size)
      for (const [name, value] of Object.entries(query))
        if (typeof value === 'string' && arrays.has(name)) query[name] = [value]
    let errors: AjvError[] | null = null
    if (checkBody) {
      // A body is checked when one was sent, or when the request says it is JSON (then none is a missing body).
      const media = contentType?.split(';')[0]?.trim().toLowerCase()
      const parts = given !== undefined || media === JSON_TYPE ? { requestBody: given } : {}
      if (!checkBody(parts) && checkBody.errors) errors = [...checkBody.errors]
    }
    if (!checkParameters({ path, query, header: headers, cookie: {} }) && checkParameters.errors)
      (errors ??= []).push(...checkParameters.errors)
    return errors
  }
}
