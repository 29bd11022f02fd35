/** The tables of a collection and a global and their option objects: access, hooks, auth, versions. */
import type {
  AuthCookies,
  AuthOptions,
  AuthStrategy,
  CollectionConfig,
  CollectionHooks,
  CompoundIndex,
  Drafts,
  GlobalConfig,
  LoginWithUsernameOptions,
} from '../types.ts'
import * as refused from '../unsupported.ts'
import { exact, I, type Implemented, type ImplementedObject, type OptionTable } from './table.ts'

/** The hooks a collection and a global both have. */
const DOCUMENT_HOOKS = {
  beforeOperation: I,
  beforeValidate: I,
  beforeChange: I,
  afterChange: I,
  beforeRead: I,
  afterRead: I,
} as const

export const COLLECTION_TABLES = {
  collection: {
    of: 'a collection',
    implemented: {
      slug: I,
      labels: I,
      fields: I,
      access: I,
      hooks: I,
      endpoints: I,
      auth: I,
      versions: I,
      timestamps: I,
      defaultSort: I,
      orderable: I,
      indexes: I,
      disableDuplicate: I,
      trash: I,
      defaultPopulate: I,
      admin: I,
      custom: I,
      typescript: I,
      upload: I,
      folders: I,
      webhooks: I,
      lockDocuments: I,
    } satisfies Implemented<CollectionConfig>,
    refused: refused.collectionRefusals,
  },
  compoundIndex: {
    of: 'a compound index',
    implemented: { fields: I, unique: I } satisfies Implemented<CompoundIndex>,
    refused: {},
  },
  collectionFolders: {
    of: "a collection's folders options",
    implemented: { browseByFolder: I } satisfies Implemented<
      Exclude<NonNullable<CollectionConfig['folders']>, boolean>
    >,
    refused: {},
  },
  upload: {
    of: "a collection's upload options",
    implemented: {
      staticDir: I,
      mimeTypes: I,
      filesRequiredOnCreate: I,
      imageSizes: I,
      formatOptions: I,
      resizeOptions: I,
      focalPoint: I,
      crop: I,
      withMetadata: I,
      trimOptions: I,
      disableLocalStorage: I,
      modifyResponseHeaders: I,
      cacheTags: I,
      storage: I,
      handlers: I,
      adapter: I,
      requiresClientUploadReceipt: I,
      limits: I,
      allowRestrictedFileTypes: I,
      pasteURL: I,
      skipSafeFetch: I,
      adminThumbnail: I,
      displayPreview: I,
      bulkUpload: I,
      hideFileInputOnCreate: I,
      hideRemoveFile: I,
    } satisfies ImplementedObject<CollectionConfig['upload']>,
    refused: refused.uploadRefusals,
  },
  uploadLimits: {
    of: 'upload limits',
    implemented: { fileSize: I } satisfies Implemented<
      NonNullable<Exclude<CollectionConfig['upload'], boolean | undefined>['limits']>
    >,
    refused: {},
  },
  labels: {
    of: 'labels',
    implemented: { singular: I, plural: I } satisfies Implemented<
      NonNullable<CollectionConfig['labels']>
    >,
    refused: {},
  },
  collectionAccess: {
    of: "a collection's access",
    implemented: {
      create: I,
      read: I,
      update: I,
      delete: I,
      readVersions: I,
      unlock: I,
      admin: I,
    } satisfies Implemented<NonNullable<CollectionConfig['access']>>,
    refused: refused.collectionAccessRefusals,
  },
  collectionHooks: {
    of: "a collection's hooks",
    implemented: exact<CollectionHooks>()({
      ...DOCUMENT_HOOKS,
      beforeDelete: I,
      afterDelete: I,
      afterOperation: I,
      afterError: I,
      beforeLogin: I,
      afterLogin: I,
      afterLogout: I,
      afterRefresh: I,
      afterMe: I,
      afterForgotPassword: I,
      refresh: I,
      me: I,
    }),
    refused: {},
  },
  auth: {
    of: 'auth',
    implemented: {
      tokenExpiration: I,
      sessionLifetime: I,
      maxLoginAttempts: I,
      lockTime: I,
      forgotPassword: I,
      useAPIKey: I,
      acceptPayloadTokens: I,
      cookies: I,
      removeTokenFromResponses: I,
      depth: I,
      strategies: I,
      verify: I,
      loginWithUsername: I,
    } satisfies Implemented<AuthOptions>,
    refused: refused.authRefusals,
  },
  authCookies: {
    of: 'auth.cookies',
    implemented: { sameSite: I, secure: I, domain: I } satisfies Implemented<AuthCookies>,
    refused: {},
  },
  authStrategy: {
    of: 'an auth strategy',
    implemented: { name: I, authenticate: I } satisfies Implemented<AuthStrategy>,
    refused: {},
  },
  loginWithUsername: {
    of: 'auth.loginWithUsername',
    implemented: {
      allowEmailLogin: I,
      requireEmail: I,
      requireUsername: I,
    } satisfies Implemented<LoginWithUsernameOptions>,
    refused: {},
  },
  forgotPassword: {
    of: 'auth.forgotPassword',
    implemented: {
      expiration: I,
      generateEmailHTML: I,
      generateEmailSubject: I,
    } satisfies Implemented<NonNullable<AuthOptions['forgotPassword']>>,
    refused: refused.forgotPasswordRefusals,
  },
  verify: {
    of: 'auth.verify',
    implemented: { generateEmailHTML: I, generateEmailSubject: I } satisfies ImplementedObject<
      AuthOptions['verify']
    >,
    refused: {},
  },
  versions: {
    of: 'versions',
    implemented: { drafts: I, maxPerDoc: I } satisfies ImplementedObject<
      CollectionConfig['versions']
    >,
    refused: {},
  },
  globalVersions: {
    of: "a global's versions",
    implemented: { drafts: I, max: I } satisfies ImplementedObject<GlobalConfig['versions']>,
    refused: {},
  },
  drafts: {
    of: 'versions.drafts',
    implemented: { autosave: I, schedulePublish: I } satisfies Implemented<Drafts>,
    refused: refused.draftsRefusals,
  },
  autosave: {
    of: 'versions.drafts.autosave',
    implemented: { interval: I } satisfies ImplementedObject<Drafts['autosave']>,
    refused: refused.autosaveRefusals,
  },
  global: {
    of: 'a global',
    implemented: {
      slug: I,
      label: I,
      fields: I,
      access: I,
      hooks: I,
      versions: I,
      admin: I,
      custom: I,
      typescript: I,
      webhooks: I,
      lockDocuments: I,
    } satisfies Implemented<GlobalConfig>,
    refused: refused.globalRefusals,
  },
  globalAccess: {
    of: "a global's access",
    implemented: { read: I, update: I, readVersions: I } satisfies Implemented<
      NonNullable<GlobalConfig['access']>
    >,
    refused: {},
  },
  globalHooks: {
    of: "a global's hooks",
    implemented: exact<NonNullable<GlobalConfig['hooks']>>()(DOCUMENT_HOOKS),
    refused: {},
  },
} as const satisfies Record<string, OptionTable>
