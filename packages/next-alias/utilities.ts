// `@payloadcms/next/utilities`: the request helpers Payload re-exports there for custom endpoints (examples/
// multi-tenant's external login uses `headersWithCors`), with Payload's semantics (server/local/payload-helpers).
export {
  addDataAndFileToRequest,
  addLocalesToRequestFromData,
  headersWithCors,
  mergeHeaders,
} from '../../server/local/payload-helpers/request.ts'
