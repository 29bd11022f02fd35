// `payload` is this CMS: a ported project's imports from 'payload' get the package's own exports.
export * from '../../server/index.ts'
