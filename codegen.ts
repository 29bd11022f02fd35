import type { CodegenConfig } from '@graphql-codegen/cli'
import path from 'node:path'

/**
 * graphql-codegen config: `contracts/schema.graphql` → `generated/graphql/resolvers.ts` (schema and resolver
 * types for the server) and `generated/graphql/sdk/` (typed documents of `generated/graphql/documents.graphql`
 * for the SDK). `npm run generate` calls it in process with `root` set; the graphql-codegen CLI can load the
 * default export. TypeScript enums are emitted as string unions (the project runs on type stripping).
 */
export function codegenConfig(root = '.'): CodegenConfig {
  const shared = {
    enumsAsTypes: true,
    useTypeImports: true,
    importExtension: '.ts' as const,
    scalars: { JSON: 'unknown', DateTime: 'string' },
  }
  return {
    schema: path.join(root, 'contracts/schema.graphql'),
    documents: path.join(root, 'generated/graphql/documents.graphql'),
    silent: true,
    generates: {
      [path.join(root, 'generated/graphql/resolvers.ts')]: {
        plugins: ['typescript', 'typescript-resolvers'],
        config: {
          ...shared,
          contextType: '../../server/http/graphql-context.ts#GraphQLContext',
          mapperTypeSuffix: 'Model',
          defaultMapper: 'Partial<{T}>',
        },
      },
      [path.join(root, 'generated/graphql/sdk/')]: {
        preset: 'client',
        presetConfig: { fragmentMasking: false },
        config: { ...shared, documentMode: 'string' },
      },
    },
  }
}

export default codegenConfig()
