// `payload` is this CMS: a ported project's imports from 'payload' get the package's own exports, and the helpers
// Payload exports besides its API (server/local/payload-helpers).
export * from '../../server/index.ts'
export * from '../../server/local/payload-helpers/index.ts'
