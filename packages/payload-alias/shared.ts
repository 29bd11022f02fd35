// `payload/shared`: Payload's helpers shared by its server and its admin (server/local/payload-helpers).
export * from '../../server/local/payload-helpers/shared.ts'
export {
  generateCookie,
  generateExpiredPayloadCookie,
  generatePayloadCookie,
  getCookieExpiration,
  parseCookies,
} from '../../server/local/payload-helpers/cookies.ts'
