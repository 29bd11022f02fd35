/** The REST handlers of an auth collection: login, logout, tokens, passwords, verification, the first user. */
import { tokenCookie } from '../../auth/cookies.ts'
import { limitedForgot, limitedLogin, limitedPasswordChange } from '../../auth/rate-limit.ts'
import { sessionOf } from '../../auth/session.ts'
import { boolParam, intParam } from '../query.ts'
import { body, collectionOf, withoutToken, type RestHandlers } from './request.ts'

export const authKinds = {
  async login(cms, r) {
    const c = collectionOf(cms, r)
    const result = await limitedLogin(cms, r.ip, () =>
      cms.login({
        collection: c.slug,
        data: body(r) as { email?: string; username?: string; password: string },
        depth: intParam(r.query.depth),
        overrideAccess: false,
        req: r.req,
      }),
    )
    return {
      status: 200,
      body: withoutToken(c, { message: 'Authentication Passed', ...result }),
      headers: { 'Set-Cookie': tokenCookie(cms.config, c, result.token) },
    }
  },
  async logout(cms, r) {
    const auth = sessionOf(r.req, r.meta.collection!)
    await cms.logout({
      collection: r.meta.collection!,
      sid: auth.claims.sid,
      allSessions: boolParam(r.query.allSessions),
      req: r.req,
    })
    return {
      status: 200,
      body: { message: 'Logout successful.' },
      headers: { 'Set-Cookie': tokenCookie(cms.config, collectionOf(cms, r), '') },
    }
  },
  async me(cms, r) {
    const account = await cms.me({
      collection: r.meta.collection!,
      req: r.req,
      depth: intParam(r.query.depth),
      overrideAccess: false,
    })
    const c = collectionOf(cms, r)
    return { status: 200, body: withoutToken(c, { ...account, message: 'Account' }) }
  },
  async refreshToken(cms, r) {
    const c = collectionOf(cms, r)
    const auth = sessionOf(r.req, c.slug)
    const result = await cms.refreshToken({
      collection: c.slug,
      claims: auth.claims,
      overrideAccess: false,
      req: r.req,
    })
    return {
      status: 200,
      body: withoutToken(
        c,
        {
          message: 'Token refresh successful.',
          refreshedToken: result.token,
          exp: result.exp,
          user: result.user,
        },
        'refreshedToken',
      ),
      headers: { 'Set-Cookie': tokenCookie(cms.config, c, result.token) },
    }
  },
  async forgotPassword(cms, r) {
    await limitedForgot(cms, r.ip, () =>
      cms.forgotPassword({
        collection: r.meta.collection!,
        data: body(r) as { email?: string; username?: string },
        req: r.req,
      }),
    )
    return { status: 200, body: { message: 'Success' } }
  },
  async resetPassword(cms, r) {
    const c = collectionOf(cms, r)
    const result = await cms.resetPassword({
      collection: c.slug,
      data: body(r) as { token: string; password: string },
      overrideAccess: false,
      req: r.req,
    })
    return {
      status: 200,
      body: withoutToken(c, {
        message: 'Password reset successfully.',
        token: result.token,
        user: result.user,
      }),
      headers: { 'Set-Cookie': tokenCookie(cms.config, c, result.token) },
    }
  },
  async verifyEmail(cms, r) {
    await cms.verifyEmail({ collection: r.meta.collection!, token: r.params.token, req: r.req })
    return { status: 200, body: { message: 'Account verified successfully.' } }
  },
  async unlock(cms, r) {
    await cms.unlock({
      collection: r.meta.collection!,
      data: body(r) as { email: string },
      overrideAccess: false,
      req: r.req,
    })
    return { status: 200, body: { message: 'Success' } }
  },
  async init(cms, r) {
    return {
      status: 200,
      body: { initialized: await cms.initialized({ collection: r.meta.collection! }) },
    }
  },
  async registerFirstUser(cms, r) {
    const c = collectionOf(cms, r)
    const result = await limitedPasswordChange(cms, r.ip, true, r.body, () =>
      cms.registerFirstUser({
        collection: c.slug,
        data: body(r),
        depth: intParam(r.query.depth),
        overrideAccess: false,
        req: r.req,
      }),
    )
    return {
      status: 200,
      body: withoutToken(c, { message: 'Successfully registered first user.', ...result }),
      headers: { 'Set-Cookie': tokenCookie(cms.config, c, result.token) },
    }
  },
} satisfies Partial<RestHandlers>
