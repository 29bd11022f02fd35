// `@payloadcms/db-sqlite` is this CMS's SQLite: `db: sqliteAdapter({ client: { url } })` as Payload's templates
// write it becomes the `db` options the CMS reads (server/config/payload-adapters.ts).
export { sqliteAdapter } from '../../server/config/payload-adapters.ts'
