// `@payloadcms/db-mongodb`: MongoDB is not one of this CMS's databases; `mongooseAdapter` says what to use.
export { mongooseAdapter } from '../../server/config/payload-adapters.ts'
