/**
 * The tables of the config root and its top-level option objects: routes, graphQL, db, limits, email, rate
 * limits, localization, endpoints.
 */
import type {
  FoldersConfig,
  Config,
  EmailAdapter,
  Endpoint,
  Limits,
  LocalizationConfig,
  WebhookEndpoint,
  WebhooksConfig,
} from '../types.ts'
import type { I18nOptions } from '../i18n.ts'
import * as refused from '../unsupported.ts'
import { I, type Implemented, type OptionTable } from './table.ts'

type Rule = NonNullable<NonNullable<Config['rateLimit']>['login']>
type Locale = Exclude<LocalizationConfig['locales'][number], string>

export const CONFIG_TABLES = {
  config: {
    of: 'the config',
    implemented: {
      collections: I,
      globals: I,
      localization: I,
      routes: I,
      graphQL: I,
      endpoints: I,
      typescript: I,
      db: I,
      secret: I,
      serverURL: I,
      maxDepth: I,
      defaultDepth: I,
      maxLimit: I,
      limits: I,
      ordersApi: I,
      webhooks: I,
      email: I,
      apiDocs: I,
      rateLimit: I,
      onInit: I,
      seed: I,
      cookiePrefix: I,
      plugins: I,
      cors: I,
      csrf: I,
      admin: I,
      custom: I,
      editor: I,
      upload: I,
      sharp: I,
      jobs: I,
      i18n: I,
      folders: I,
    } satisfies Implemented<Config>,
    refused: refused.configRefusals,
  },
  rootUpload: {
    of: 'upload (the defaults of upload collections)',
    implemented: { limits: I } satisfies Implemented<NonNullable<Config['upload']>>,
    refused: {},
  },
  routes: {
    of: 'routes',
    implemented: {
      admin: I,
      api: I,
      graphQL: I,
      graphQLPlayground: I,
    } satisfies Implemented<NonNullable<Config['routes']>>,
    refused: refused.routesRefusals,
  },
  graphQL: {
    of: 'graphQL',
    implemented: {
      disable: I,
      disablePlaygroundInProduction: I,
      maxDepth: I,
      maxComplexity: I,
      maxAliases: I,
      maxTokens: I,
      listFanOut: I,
      maxFragmentSpreads: I,
      disableIntrospectionInProduction: I,
      schemaOutputFile: I,
    } satisfies Implemented<NonNullable<Config['graphQL']>>,
    refused: refused.graphQLRefusals,
  },
  folders: {
    of: 'folders',
    implemented: {
      slug: I,
      fieldName: I,
      collectionSpecific: I,
      browseByFolder: I,
      debug: I,
      collectionOverrides: I,
    } satisfies Implemented<FoldersConfig>,
    refused: {},
  },
  typescript: {
    of: 'typescript',
    implemented: { outputFile: I, schema: I } satisfies Implemented<
      NonNullable<Config['typescript']>
    >,
    refused: refused.typescriptRefusals,
  },
  db: {
    of: 'db',
    implemented: {
      url: I,
      migrationDir: I,
      onStart: I,
      idType: I,
    } satisfies Implemented<NonNullable<Config['db']>>,
    refused: {},
  },
  limits: {
    of: 'limits',
    implemented: {
      population: I,
      where: I,
      maxStatements: I,
      richText: I,
      images: I,
      rows: I,
      read: I,
    } satisfies Implemented<Limits>,
    refused: {},
  },
  population: {
    of: 'limits.population',
    implemented: { maxDocs: I, maxBytes: I } satisfies Implemented<
      NonNullable<Limits['population']>
    >,
    refused: {},
  },
  where: {
    of: 'limits.where',
    implemented: {
      maxConditions: I,
      maxValues: I,
      maxValueLength: I,
    } satisfies Implemented<NonNullable<Limits['where']>>,
    refused: {},
  },
  imageLimits: {
    of: 'limits.images',
    implemented: { maxPixels: I, concurrency: I, queue: I } satisfies Implemented<
      NonNullable<Limits['images']>
    >,
    refused: {},
  },
  readLimits: {
    of: 'limits.read',
    implemented: { maxBytes: I } satisfies Implemented<NonNullable<Limits['read']>>,
    refused: {},
  },
  rowLimits: {
    of: 'limits.rows',
    implemented: { maxPerField: I, maxPerDocument: I } satisfies Implemented<
      NonNullable<Limits['rows']>
    >,
    refused: {},
  },
  richTextLimits: {
    of: 'limits.richText',
    implemented: { maxDepth: I, maxNodes: I, maxBytes: I } satisfies Implemented<
      NonNullable<Limits['richText']>
    >,
    refused: {},
  },
  ordersApi: {
    of: 'ordersApi',
    implemented: { orders: I, users: I } satisfies Implemented<NonNullable<Config['ordersApi']>>,
    refused: {},
  },
  webhooks: {
    of: 'webhooks',
    implemented: {
      endpoints: I,
      allowPrivateTargets: I,
      maxAttempts: I,
      retryBaseDelay: I,
      retryMaxDelay: I,
      timeout: I,
      pollInterval: I,
      lease: I,
      worker: I,
      collection: I,
      access: I,
      maxSubscriptions: I,
      maxSubscriptionsPerOwner: I,
    } satisfies Implemented<WebhooksConfig>,
    refused: {},
  },
  webhookEndpoint: {
    of: 'a webhook endpoint',
    implemented: {
      url: I,
      events: I,
      where: I,
      headers: I,
      secret: I,
    } satisfies Implemented<WebhookEndpoint>,
    refused: {},
  },
  email: {
    of: 'an email adapter',
    implemented: {
      name: I,
      defaultFromAddress: I,
      defaultFromName: I,
      sendEmail: I,
    } satisfies Implemented<EmailAdapter>,
    refused: {},
  },
  apiDocs: {
    of: 'apiDocs',
    implemented: { disable: I } satisfies Implemented<NonNullable<Config['apiDocs']>>,
    refused: refused.apiDocsRefusals,
  },
  rateLimit: {
    of: 'rateLimit',
    implemented: {
      login: I,
      forgotPassword: I,
      passwordChange: I,
    } satisfies Implemented<NonNullable<Config['rateLimit']>>,
    refused: {},
  },
  rateLimitRule: {
    of: 'a rate limit',
    implemented: { max: I, windowMs: I } satisfies Implemented<Rule>,
    refused: {},
  },
  localization: {
    of: 'localization',
    implemented: {
      locales: I,
      defaultLocale: I,
      fallback: I,
    } satisfies Implemented<LocalizationConfig>,
    refused: refused.localizationRefusals,
  },
  locale: {
    of: 'a locale',
    implemented: { code: I, fallbackLocale: I, label: I, rtl: I } satisfies Implemented<Locale>,
    refused: refused.localeRefusals,
  },
  i18n: {
    of: 'i18n',
    implemented: {
      fallbackLanguage: I,
      supportedLanguages: I,
      translations: I,
    } satisfies Implemented<I18nOptions>,
    refused: {},
  },
  endpoint: {
    of: 'an endpoint',
    implemented: {
      path: I,
      method: I,
      handler: I,
      openapi: I,
      custom: I,
    } satisfies Implemented<Endpoint>,
    refused: refused.endpointRefusals,
  },
  endpointOpenapi: {
    of: "an endpoint's openapi",
    implemented: {
      operationId: I,
      summary: I,
      description: I,
      parameters: I,
      requestBody: I,
      security: I,
      responses: I,
    } satisfies Implemented<NonNullable<Endpoint['openapi']>>,
    refused: {},
  },
} as const satisfies Record<string, OptionTable>
