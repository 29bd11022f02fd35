/** The public surface of the package. What only tests and plugins need lives in `internal.ts`. */
export { defineConfig } from './config/define-config.ts'
export { getCms, type GetCmsOptions } from './local/get-cms.ts'
export { Cms } from './local/cms.ts'
export { loadConfig } from './config/load.ts'
export * from './errors/index.ts'
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
} from './local/types.ts'
export type { MigrationStep, MigrationSteps } from './db/migration-steps.ts'
export type { MigrationContext, MigrationFunction } from './db/migrator.ts'
