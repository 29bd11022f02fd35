// `@payloadcms/db-postgres` is this CMS's PostgreSQL: `db: postgresAdapter({ pool: { connectionString } })` as
// Payload's templates write it becomes the `db` options the CMS reads (server/config/payload-adapters.ts).
export { postgresAdapter } from '../../server/config/payload-adapters.ts'
