import { pino, type Logger } from 'pino'
import { formatAdminURL } from './payload-helpers/shared.ts'
import { NotFound } from '../errors/not-found.ts'
import type { LocalApi } from '../config/local-api.ts'
import type { SanitizedCollection, SanitizedConfig, SanitizedGlobal } from '../config/types.ts'
import type { Database } from '../db/database.ts'
import type { CollectionSchema } from '../db/schema.ts'
import type { QueryContext } from '../db/where.ts'
import {
  authenticate,
  authenticateAPIKey,
  authenticateHeaders,
} from './operations/auth/authenticate.ts'
import { auth } from './operations/auth/payload-auth.ts'
import { forgotPassword } from './operations/auth/forgot-password.ts'
import { login } from './operations/auth/login.ts'
import { logout } from './operations/auth/logout.ts'
import { me } from './operations/auth/me.ts'
import { refreshToken } from './operations/auth/refresh-token.ts'
import { resetPassword } from './operations/auth/reset-password.ts'
import { verifyEmail } from './operations/auth/verify-email.ts'
import { unlock } from './operations/auth/unlock.ts'
import { registerFirstUser } from './operations/auth/register-first-user.ts'
import { initialized } from './operations/auth/init.ts'
import { sendEmail } from './operations/send-email.ts'
import { Background } from './background.ts'
import { Webhooks } from './webhooks/webhooks.ts'
import { resolveEmailAdapter } from '../email/send.ts'
import type { EmailAdapter } from '../config/types.ts'
import { count } from './operations/count.ts'
import { access } from './operations/access.ts'
import { docAccess, docAccessGlobal } from './operations/doc-access.ts'
import { formState } from './operations/form-state.ts'
import { lockStatus } from './operations/lock-status.ts'
import { lockDocument } from './operations/lock-document.ts'
import { unlockDocument } from './operations/unlock-document.ts'
import { getFile } from './operations/get-file.ts'
import { pasteURL } from './operations/paste-url.ts'
import { create } from './operations/create.ts'
import { duplicate } from './operations/duplicate.ts'
import { deleteOperation } from './operations/delete.ts'
import { findByID } from './operations/find-by-id.ts'
import { findGlobal } from './operations/find-global.ts'
import { find } from './operations/find.ts'
import { findDistinct } from './operations/find-distinct.ts'
import { updateGlobal } from './operations/update-global.ts'
import { update } from './operations/update.ts'
import { findVersionByID } from './operations/find-version-by-id.ts'
import { findVersions } from './operations/find-versions.ts'
import { restoreVersion } from './operations/restore-version.ts'
import { countVersions } from './operations/count-versions.ts'
import { countGlobalVersions } from './operations/count-global-versions.ts'
import { findGlobalVersionByID } from './operations/find-global-version-by-id.ts'
import { findGlobalVersions } from './operations/find-global-versions.ts'
import { restoreGlobalVersion } from './operations/restore-global-version.ts'
import { Jobs } from './jobs/index.ts'

/**
 * The Local layer: every operation of the CMS, in process. REST and GraphQL are thin wrappers over it.
 * Obtain one with `getCms({ config })`; inside hooks it is `req.cms`.
 */
export class Cms implements LocalApi {
  readonly config: SanitizedConfig
  readonly db: Database
  readonly schemas: Map<string, CollectionSchema>
  #logger: Logger | undefined

  /** A pino logger (`LOG_LEVEL`, default info), made on first use; `createApp` sets the server's own. */
  get logger(): Logger {
    return (this.#logger ??= pino({ level: process.env.LOG_LEVEL ?? 'info', base: undefined }))
  }
  set logger(logger: Logger) {
    this.#logger = logger
  }

  constructor(config: SanitizedConfig, db: Database, schemas: Map<string, CollectionSchema>) {
    this.config = config
    this.db = db
    db.defaultIDType = config.db?.idType === 'uuid' ? 'text' : 'number'
    this.schemas = schemas
    this.webhooks = new Webhooks(this)
  }

  /** Outgoing webhooks: the subscriptions and the delivery worker (docs/webhooks.md). */
  readonly webhooks: Webhooks

  /** The sanitised collection for `slug`, or a 404 naming it. */
  collection(slug: string): SanitizedCollection {
    const c = typeof slug === 'string' ? this.config.collectionsBySlug.get(slug) : undefined
    if (!c) throw new NotFound(`Collection "${String(slug)}" was not found.`)
    return c
  }

  global(slug: string): SanitizedGlobal {
    const g = typeof slug === 'string' ? this.config.globalsBySlug.get(slug) : undefined
    if (!g) throw new NotFound(`Global "${String(slug)}" was not found.`)
    return g
  }

  /** The database schema of collection `slug`; every sanitised collection (and versions collection) has one. */
  schema(slug: string): CollectionSchema {
    const schema = this.schemas.get(slug)
    if (!schema) throw new Error(`No database schema for collection "${slug}".`)
    return schema
  }

  queryContext(locale?: string): QueryContext {
    return { config: this.config, schemas: this.schemas, dialect: this.db.dialect, locale }
  }

  find = find
  findByID = findByID
  count = count
  findDistinct = findDistinct
  create = create
  duplicate = duplicate
  update = update
  delete = deleteOperation
  findVersions = findVersions
  findVersionByID = findVersionByID
  restoreVersion = restoreVersion
  countVersions = countVersions
  findGlobal = findGlobal
  findGlobalVersions = findGlobalVersions
  findGlobalVersionByID = findGlobalVersionByID
  restoreGlobalVersion = restoreGlobalVersion
  countGlobalVersions = countGlobalVersions
  access = access
  docAccess = docAccess
  /** A stored file of an upload collection by filename, after its document's read access. */
  getFile = getFile
  pasteURL = pasteURL
  docAccessGlobal = docAccessGlobal
  formState = formState
  lockStatus = lockStatus
  lockDocument = lockDocument
  unlockDocument = unlockDocument
  login = login
  logout = logout
  refreshToken = refreshToken
  forgotPassword = forgotPassword
  resetPassword = resetPassword
  me = me
  /**
   * Payload's `payload.auth({ headers })` → `{ user, permissions }`; with a token string, the user and claims it
   * stands for, or undefined (payload-auth.ts).
   */
  auth = auth
  /** The user a token stands for (and its claims), or undefined when it is not valid. */
  authenticateToken = authenticate

  /** Payload's `payload.collections`: each collection's sanitised config, by slug. */
  get collections(): Record<string, { config: SanitizedCollection }> {
    return (this.#collections ??= Object.fromEntries(
      this.config.collections.map((c) => [c.slug, { config: c }]),
    ))
  }
  #collections: Record<string, { config: SanitizedCollection }> | undefined
  /** Payload's `payload.getAdminURL()`: the admin's URL (absolute with `serverURL`, else its route). */
  getAdminURL(): string {
    const { routes, serverURL } = this.config
    return formatAdminURL({ adminRoute: routes.admin, path: '', serverURL })
  }
  /** Payload's `payload.getAPIURL()`: the REST API's URL (absolute with `serverURL`, else its route). */
  getAPIURL(): string {
    const { routes, serverURL } = this.config
    return formatAdminURL({ apiRoute: routes.api, path: '', serverURL })
  }
  /** The user an API key of an auth collection stands for, or undefined. */
  authenticateAPIKey = authenticateAPIKey
  /** The caller of a request from its headers: custom strategies, API key, token (Payload's order). */
  authenticateHeaders = authenticateHeaders
  updateGlobal = updateGlobal
  verifyEmail = verifyEmail
  unlock = unlock
  registerFirstUser = registerFirstUser
  initialized = initialized
  sendEmail = sendEmail

  #email: Promise<EmailAdapter> | undefined
  /** The email adapter of `config.email`, resolved once (`getCms` resolves it at start, so a bad one fails there). */
  emailAdapter(): Promise<EmailAdapter> {
    return (this.#email ??= resolveEmailAdapter(this.config.email, this))
  }

  /** Work left running after an answer (a reset mail); `background.settled()` waits for it. */
  readonly background = new Background()

  /** Payload's `payload.jobs`: queue, run and cancel jobs (docs/jobs.md). */
  readonly jobs: Jobs = new Jobs(this)

  /** Stops the jobs schedules, waits for the work still running in the background, then closes the database. */
  async destroy(): Promise<void> {
    await this.webhooks.stop()
    await this.jobs.stop()
    await this.background.settled()
    await this.db.close()
  }
}
