/** The public surface of the package: config, the Local API, errors, and the types a config or a migration file uses. */
export { buildConfig, defineConfig } from './config/define-config.ts'
export { applyPlugins } from './config/plugins.ts'
export { getPayload, type GetPayloadOptions } from './local/get-payload.ts'
export type * from './config/payload-names.ts'
export { getCms, type GetCmsOptions } from './local/get-cms.ts'
export { Cms } from './local/cms.ts'
export { loadConfig } from './config/load.ts'
export {
  importPayload,
  ImportError,
  type ImportOptions,
  type ImportReport,
} from './local/import-payload/run.ts'
export * from './errors/index.ts'
export { smtpAdapter, type SmtpAdapterOptions } from './email/smtp.ts'
export { consoleEmailAdapter } from './email/console.ts'
export { localStorage } from './storage/local.ts'
export { s3Adapter, type S3AdapterOptions } from './storage/s3.ts'
export { s3Storage, type S3StorageOptions } from './storage/s3-storage.ts'
export type * from './config/storage.ts'
export type * from './config/upload.ts'
export type * from './config/types.ts'
export type {
  GeneratedTypes,
  CollectionSlug,
  GlobalSlug,
  DocOf,
  GlobalOf,
  PaginatedDocs,
  BulkResult,
  FindArgs,
  FindByIDArgs,
  CountArgs,
  CreateArgs,
  UpdateArgs,
  DeleteArgs,
  FindGlobalArgs,
  UpdateGlobalArgs,
  Select,
} from './config/local-api.ts'
export type { MigrationStep, MigrationSteps } from './db/migration-steps.ts'
export type { MigrationContext, MigrationFunction } from './db/migrator.ts'
export * from './richtext/index.ts'
export { lexicalHTMLField, type LexicalHTMLFieldArgs } from './config/lexical-html-field.ts'
export * from './config/lexical-editor.ts'
