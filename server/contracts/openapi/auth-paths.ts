/**
 * The auth paths of an auth collection: login, logout, me, refresh-token, forgot and reset password, and the
 * flows around them (email verification, unlock, init and first-register).
 */
import type { SanitizedCollection } from '../../config/types.ts'
import type { OperationKind } from '../../config/kinds.ts'
import { body, json, type OperationMeta, type PathItem } from '../operation.ts'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../auth/password.ts'
import { ref, type Schema } from '../schemas.ts'
import { errors, MESSAGE, NON_BLANK, param, selectParam } from './shared.ts'

/** Login, logout, me, refresh-token, forgot and reset password. */
export function authPaths(
  c: SanitizedCollection,
  paths: Record<string, PathItem>,
  singular: string,
  tag: string[],
): void {
  const scope = authScope(c, paths, singular, tag)
  loginPaths(scope)
  sessionPaths(scope)
  passwordPaths(scope)
}

/** The names an account logs in by, and the schemas of a body naming it. */
function loginNames(c: SanitizedCollection) {
  // With loginWithUsername the account is named by username, or (allowEmailLogin) by either.
  const byName = c.auth ? c.auth.loginWithUsername : false
  const names = byName ? (byName.allowEmailLogin ? ['email', 'username'] : ['username']) : ['email']
  // The server trims the name and counts a blank one as missing (auth/shared.ts `loginIdentity`): with one name it
  // must hold a non-space character; with two, one of them must.
  const either = (schema: Schema): Schema =>
    names.length > 1
      ? { ...schema, anyOf: names.map((n) => ({ required: [n], properties: { [n]: NON_BLANK } })) }
      : schema
  const nameProps = (extra: Schema = {}) =>
    Object.fromEntries(
      names.map((n) => [n, { type: 'string', ...(names.length > 1 ? {} : NON_BLANK), ...extra }]),
    )
  return { names, either, nameProps }
}

/** The answer of a login or a refresh, with its token under the name given. */
/**
 * What the auth paths of one collection are written with: the collection, the paths object they go into, the
 * collection's singular name and tag, the base path of its routes, and the `x-cms` facts of one of its operations.
 */
interface AuthScope {
  c: SanitizedCollection
  paths: Record<string, PathItem>
  singular: string
  tag: string[]
  base: string
  meta: (kind: OperationKind) => OperationMeta
}

function authScope(
  c: SanitizedCollection,
  paths: Record<string, PathItem>,
  singular: string,
  tag: string[],
): AuthScope {
  return {
    c,
    paths,
    singular,
    tag,
    base: `/${c.slug}`,
    meta: (kind: OperationKind): OperationMeta => ({ kind, collection: c.slug }),
  }
}

function sessionAnswer(c: SanitizedCollection, user: Schema) {
  // auth.removeTokenFromResponses: the answers leave the token out (the cookie carries it).
  const keepsToken = !(c.auth && c.auth.removeTokenFromResponses)
  return (token: string, extra: Schema = {}) => ({
    type: 'object',
    required: ['message', ...(keepsToken ? [token] : []), 'exp', 'user'],
    properties: {
      message: MESSAGE,
      [token]: { type: 'string' },
      exp: { type: 'integer', description: 'Expiry, in seconds since the epoch.' },
      user,
      ...extra,
    },
  })
}

/** Login and logout. */
function loginPaths(scope: AuthScope): void {
  const { c, paths, singular, tag, base, meta } = scope
  const user = ref(singular)
  const { names, either, nameProps } = loginNames(c)
  const credentials = either({
    type: 'object',
    required: [...(names.length > 1 ? [] : names), 'password'],
    properties: { ...nameProps(), password: { type: 'string', minLength: 1 } },
  })
  const session = sessionAnswer(c, user)
  paths[`${base}/login`] = {
    post: {
      operationId: `login${singular}`,
      summary: `Log in with ${names.join(' or ')} and password`,
      tags: tag,
      'x-cms': meta('login'),
      security: [],
      parameters: [param('depth')],
      requestBody: body(credentials),
      responses: {
        200: json(session('token'), 'Logged in; the token is also set as the token cookie'),
        // 403: a beforeLogin or afterLogin hook refused the login.
        ...errors(400, 401, 403, 429, 500),
      },
    },
  }
  paths[`${base}/logout`] = {
    post: {
      operationId: `logout${singular}`,
      summary: 'End the current session',
      tags: tag,
      'x-cms': meta('logout'),
      parameters: [
        {
          name: 'allSessions',
          in: 'query',
          description:
            'true ends every session of the user (every token of theirs is dead from now on).',
          schema: { type: 'boolean' },
        },
      ],
      responses: {
        200: json(ref('Message'), 'Logged out; the token is dead from now on'),
        ...errors(400, 401, 403, 500),
      },
    },
  }
}

/** Me and refresh-token. */
function sessionPaths(scope: AuthScope): void {
  const { c, paths, singular, tag, base, meta } = scope
  const user = ref(singular)
  const session = sessionAnswer(c, user)
  paths[`${base}/me`] = {
    get: {
      operationId: `me${singular}`,
      summary: 'The logged-in user',
      tags: tag,
      'x-cms': meta('me'),
      parameters: [param('depth'), selectParam(`${singular}Select`)],
      responses: {
        200: json(
          {
            type: 'object',
            required: ['user', 'message'],
            properties: {
              user: { anyOf: [user, { type: 'null' }] },
              message: MESSAGE,
              collection: { type: 'string' },
              strategy: {
                type: 'string',
                description:
                  'How the caller authenticated: local-jwt, api-key or a custom strategy.',
              },
              token: { type: 'string' },
              exp: { type: 'integer' },
            },
          },
          'The user, or null when not logged in',
        ),
        // 403: an afterMe hook refused.
        ...errors(401, 403, 500),
      },
    },
  }
  paths[`${base}/refresh-token`] = {
    post: {
      operationId: `refreshToken${singular}`,
      summary: 'Exchange the current token for a fresh one',
      tags: tag,
      'x-cms': meta('refreshToken'),
      responses: {
        200: json(session('refreshedToken'), 'A fresh token for the same session'),
        ...errors(401, 403, 500),
      },
    },
  }
}

/** Forgot and reset password. */
function passwordPaths(scope: AuthScope): void {
  const { c, paths, singular, tag, base, meta } = scope
  const user = ref(singular)
  const { names, either, nameProps } = loginNames(c)
  // auth.removeTokenFromResponses: the answers leave the token out (the cookie carries it).
  const keepsToken = !(c.auth && c.auth.removeTokenFromResponses)
  paths[`${base}/forgot-password`] = {
    post: {
      operationId: `forgotPassword${singular}`,
      summary: 'Start a password reset',
      tags: tag,
      'x-cms': meta('forgotPassword'),
      security: [],
      requestBody: body(
        either({
          type: 'object',
          required: names.length > 1 ? [] : names,
          additionalProperties: false,
          properties: nameProps({ maxLength: 254 }),
        }),
      ),
      responses: {
        200: json(ref('Message'), `Accepted (whether or not the ${names.join(' or ')} is known)`),
        // 403: an afterForgotPassword hook refused.
        ...errors(400, 403, 429, 500),
      },
    },
  }
  paths[`${base}/reset-password`] = {
    post: {
      operationId: `resetPassword${singular}`,
      summary: 'Set a new password with a reset token',
      tags: tag,
      'x-cms': meta('resetPassword'),
      security: [],
      requestBody: body({
        type: 'object',
        required: ['token', 'password'],
        additionalProperties: false,
        properties: {
          token: { type: 'string', minLength: 1, maxLength: 256 },
          password: {
            type: 'string',
            minLength: MIN_PASSWORD_LENGTH,
            maxLength: MAX_PASSWORD_LENGTH,
            writeOnly: true,
          },
        },
      }),
      responses: {
        200: json(
          {
            type: 'object',
            required: ['message', ...(keepsToken ? ['token'] : []), 'user'],
            properties: { message: MESSAGE, token: { type: 'string' }, user },
          },
          'Password changed and logged in',
        ),
        ...errors(400, 403, 429, 500),
      },
    },
  }
}

/** Verification, unlock and the first user: `auth.verify`, `access.unlock`, `/init` and `/first-register`. */
export function authFlowPaths(
  c: SanitizedCollection,
  paths: Record<string, PathItem>,
  singular: string,
  tag: string[],
): void {
  if (!c.auth) return
  const scope = authScope(c, paths, singular, tag)
  const { base, meta } = scope
  const emailBody = body({
    type: 'object',
    required: ['email'],
    additionalProperties: false,
    properties: { email: { type: 'string', ...NON_BLANK, maxLength: 254 } },
  })
  if (c.auth.verify) verifyPaths(scope)
  paths[`${base}/unlock`] = {
    post: {
      operationId: `unlock${singular}`,
      summary: 'Unlock an account locked by failed logins',
      tags: tag,
      'x-cms': meta('unlock'),
      requestBody: emailBody,
      responses: {
        200: json(ref('Message'), 'Unlocked: failed logins counted from zero again'),
        ...errors(400, 401, 403, 500),
      },
    },
  }
  paths[`${base}/init`] = {
    get: {
      operationId: `init${singular}`,
      summary: 'Whether the first user exists',
      tags: tag,
      'x-cms': meta('init'),
      responses: {
        200: json(
          {
            type: 'object',
            required: ['initialized'],
            properties: { initialized: { type: 'boolean' } },
          },
          'true once the collection has a user',
        ),
        ...errors(500),
      },
    },
  }
  paths[`${base}/first-register`] = {
    post: {
      operationId: `registerFirst${singular}`,
      summary: 'Create the first user and log in',
      tags: tag,
      'x-cms': meta('registerFirstUser'),
      security: [],
      parameters: [param('depth')],
      requestBody: body(ref(`${singular}CreateInput`)),
      responses: {
        200: json(
          sessionAnswer(c, ref(singular))('token'),
          'Registered and logged in; the token is also set as the token cookie',
        ),
        ...errors(400, 403, 429, 500),
      },
    },
  }
}

/** Email verification (auth.verify): the verify path, and the 403 a login of an account not yet verified meets. */
function verifyPaths(scope: AuthScope): void {
  const { paths, singular, tag, base, meta } = scope
  // An account not yet verified answers the right password with 403 UnverifiedEmail.
  const login = paths[`${base}/login`]?.post
  if (login) login.responses['403'] = errors(403)['403']
  paths[`${base}/verify/{token}`] = {
    post: {
      operationId: `verifyEmail${singular}`,
      summary: 'Verify an email address with the token mailed to it',
      tags: tag,
      'x-cms': meta('verifyEmail'),
      security: [],
      parameters: [
        {
          name: 'token',
          in: 'path',
          required: true,
          description: 'The verification token from the mailed link.',
          schema: { type: 'string', minLength: 1, maxLength: 256 },
        },
      ],
      responses: {
        200: json(ref('Message'), 'Verified: the user may log in from now on'),
        ...errors(400, 403, 500),
      },
    },
  }
}
