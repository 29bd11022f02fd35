/**
 * The contracts of loginWithUsername and logout's allSessions (issue 20): the OpenAPI login and forgot-password
 * bodies name the account as the collection accepts it, and the SDL's login arguments and the generated
 * documents agree with each other.
 */
import test from 'ava'
import { buildSchema, parse, validate } from 'graphql'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { compileDocuments } from '../../server/contracts/documents.ts'
import { compileSDL } from '../../server/contracts/graphql.ts'
import { compileOpenAPI, NOT_BLANK_PATTERN } from '../../server/contracts/openapi.ts'
import { authHooksConfig } from '../fixtures/auth-hooks.ts'

const config = sanitizeConfig(authHooksConfig)
type Op = {
  parameters?: { name?: string; $ref?: string }[]
  requestBody: { content: { 'application/json': { schema: Record<string, unknown> } } }
  responses: Record<string, unknown>
}
const paths = compileOpenAPI(config).paths as Record<string, Record<string, Op>>
const bodyOf = (path: string) => paths[path].post.requestBody.content['application/json'].schema

test('login bodies: email, username, or either (one of them required, not blank)', (t) => {
  t.like(bodyOf('/members/login'), { required: ['email', 'password'] })
  t.like(bodyOf('/players/login'), { required: ['username', 'password'] })
  t.false('email' in (bodyOf('/players/login').properties as object))
  const staff = bodyOf('/staff/login')
  t.deepEqual(staff.required, ['password'])
  // One of the names, holding a non-space character (the server trims them; a blank one is missing).
  const nonBlank = { minLength: 1, pattern: NOT_BLANK_PATTERN }
  // The pattern is JavaScript's whitespace class spelled out (Python's \s also matches U+001C–U+001F).
  t.true(new RegExp(NOT_BLANK_PATTERN, 'u').test('\u001f'))
  t.false(new RegExp(NOT_BLANK_PATTERN, 'u').test(' \t\u00a0\u3000'))
  t.deepEqual(staff.anyOf, [
    { required: ['email'], properties: { email: nonBlank } },
    { required: ['username'], properties: { username: nonBlank } },
  ])
  t.like(bodyOf('/players/login'), { properties: { username: { type: 'string', ...nonBlank } } })
  t.like(bodyOf('/players/forgot-password'), {
    required: ['username'],
    additionalProperties: false,
  })
  t.deepEqual(bodyOf('/staff/forgot-password').anyOf, staff.anyOf)
  // A refusing hook answers 403 on login, me and forgot-password.
  t.truthy(paths['/members/login'].post.responses['403'])
  t.truthy(paths['/members/me'].get.responses['403'])
  t.truthy(paths['/members/forgot-password'].post.responses['403'])
})

test('logout declares allSessions as a boolean query parameter', (t) => {
  t.like(paths['/members/logout'].post.parameters, [
    { name: 'allSessions', in: 'query', schema: { type: 'boolean' } },
  ] as never)
})

test('the SDL: login and forgot-password arguments per collection; logout(allSessions); documents validate', (t) => {
  const sdl = compileSDL(config)
  t.regex(sdl, /loginMember\(email: String!, password: String!\)/)
  t.regex(sdl, /loginPlayer\(username: String!, password: String!\)/)
  t.regex(sdl, /loginStaff\(email: String, username: String, password: String!\)/)
  t.regex(sdl, /forgotPasswordPlayer\(username: String!\): Boolean!/)
  t.regex(sdl, /logoutMember\(allSessions: Boolean\): String/)
  const errors = validate(buildSchema(sdl), parse(compileDocuments(config)))
  t.deepEqual(
    errors.map((e) => e.message),
    [],
  )
})
