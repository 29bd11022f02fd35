import type { AuthEmailGenerator, CmsRequest, SendEmailOptions } from '../../../config/types.ts'
import { escapeHtml } from '../../../email/send.ts'
import type { Cms } from '../../cms.ts'
import type { AuthCollection } from './shared.ts'

/**
 * The messages of the auth flows, sent through the configured email adapter (`cms.sendEmail`). Each carries a
 * single-use token in a link; `generateEmailHTML` and `generateEmailSubject` (auth.verify, auth.forgotPassword)
 * replace the default body and subject. The default text part is written only with the default HTML.
 */
interface Generators {
  generateEmailHTML?: AuthEmailGenerator
  generateEmailSubject?: AuthEmailGenerator
}

async function authMessage(
  gen: Generators | undefined,
  args: { req: CmsRequest; token: string; user: Record<string, unknown> },
  defaults: { subject: string; text: string; html: string },
): Promise<SendEmailOptions> {
  const to = String(args.user.email)
  const subject = gen?.generateEmailSubject
    ? await gen.generateEmailSubject(args)
    : defaults.subject
  if (gen?.generateEmailHTML) return { to, subject, html: await gen.generateEmailHTML(args) }
  return { to, subject, html: defaults.html, text: defaults.text }
}

/** Mails the link that verifies a new account: `<serverURL>/<slug>/verify/<token>` (a page that POSTs it). */
export async function sendVerificationEmail(
  cms: Cms,
  c: AuthCollection,
  user: Record<string, unknown>,
  token: string,
  req: CmsRequest,
): Promise<void> {
  const link = `${cms.config.serverURL ?? ''}/${c.slug}/verify/${token}`
  const gen = typeof c.auth.verify === 'object' ? c.auth.verify : undefined
  const email = String(user.email)
  const message = await authMessage(
    gen,
    { req, token, user },
    {
      subject: 'Verify your email',
      text: `An account was created for ${email}. To verify your email, open ${link}`,
      html: `<p>An account was created for ${escapeHtml(email)}. To verify your email, open this link:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    },
  )
  await cms.sendEmail(message)
}

/** Mails a password reset link: `<serverURL>/reset-password?token=<token>`. */
export async function sendResetEmail(
  cms: Cms,
  c: AuthCollection,
  user: Record<string, unknown>,
  token: string,
  expires: string,
  req: CmsRequest,
): Promise<void> {
  const link = `${cms.config.serverURL ?? ''}/reset-password?token=${token}`
  const email = String(user.email)
  const message = await authMessage(
    c.auth.forgotPassword,
    { req, token, user },
    {
      subject: 'Reset your password',
      text: `Someone asked to reset the password of ${email}. To choose a new one, open ${link} (valid until ${expires}). If it was not you, ignore this message.`,
      html: `<p>Someone asked to reset the password of ${escapeHtml(email)}. To choose a new one, open this link (valid until ${expires}):</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>If it was not you, ignore this message.</p>`,
    },
  )
  await cms.sendEmail(message)
}
