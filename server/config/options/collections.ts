/** The tables of a collection and a global and their option objects: access, hooks, auth, versions. */
import type {
  AuthCookies,
  AuthOptions,
  AuthStrategy,
  CollectionConfig,
  CollectionHooks,
  Drafts,
  GlobalConfig,
  LoginWithUsernameOptions,
} from '../types.ts'
import * as refused from '../unsupported.ts'
import { I, type Implemented, type OptionTable } from './table.ts'

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
      disableDuplicate: I,
      trash: I,
      defaultPopulate: I,
    } satisfies Implemented<CollectionConfig>,
    refused: refused.collectionRefusals,
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
    } satisfies Implemented<NonNullable<CollectionConfig['access']>>,
    refused: refused.collectionAccessRefusals,
  },
  collectionHooks: {
    of: "a collection's hooks",
    implemented: {
      beforeOperation: I,
      beforeValidate: I,
      beforeChange: I,
      afterChange: I,
      beforeRead: I,
      afterRead: I,
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
    } satisfies Implemented<CollectionHooks>,
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
    implemented: { generateEmailHTML: I, generateEmailSubject: I } satisfies Implemented<
      Exclude<AuthOptions['verify'], boolean | undefined>
    >,
    refused: {},
  },
  versions: {
    of: 'versions',
    implemented: { drafts: I, maxPerDoc: I } satisfies Implemented<
      Exclude<CollectionConfig['versions'], boolean | undefined>
    >,
    refused: {},
  },
  globalVersions: {
    of: "a global's versions",
    implemented: { drafts: I, max: I } satisfies Implemented<
      Exclude<GlobalConfig['versions'], boolean | undefined>
    >,
    refused: {},
  },
  drafts: {
    of: 'versions.drafts',
    implemented: { autosave: I } satisfies Implemented<Drafts>,
    refused: refused.draftsRefusals,
  },
  autosave: {
    of: 'versions.drafts.autosave',
    implemented: { interval: I } satisfies Implemented<
      Exclude<Drafts['autosave'], boolean | undefined>
    >,
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
    implemented: {
      beforeOperation: I,
      beforeValidate: I,
      beforeChange: I,
      afterChange: I,
      beforeRead: I,
      afterRead: I,
    } satisfies Implemented<NonNullable<GlobalConfig['hooks']>>,
    refused: {},
  },
} as const satisfies Record<string, OptionTable>
