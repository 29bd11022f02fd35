// `payload/internal`: the upload helpers Payload's storage adapters import (server/local/payload-helpers).
export * from '../../server/local/payload-helpers/internal.ts'
