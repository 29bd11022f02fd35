import type { Config, EmailAdapter, SendEmailOptions } from '../config/types.ts'
import type { LocalApi } from '../config/local-api.ts'
import { ConfigError } from '../errors/config-error.ts'
import { consoleEmailAdapter } from './console.ts'

/**
 * The adapter `config.email` names, ready to send: an adapter object as given, a factory (Payload's form) called
 * once with the Local API, or a promise of either; the console adapter when there is none. A value that yields
 * no `sendEmail` function is a start-up error.
 */
export async function resolveEmailAdapter(
  email: Config['email'],
  cms: LocalApi,
): Promise<EmailAdapter> {
  let adapter: unknown = await email
  if (adapter === undefined || adapter === null) return consoleEmailAdapter()
  if (typeof adapter === 'function')
    adapter = await (adapter as (args: { cms: LocalApi; payload: LocalApi }) => unknown)({
      cms,
      payload: cms,
    })
  if (
    !adapter ||
    typeof adapter !== 'object' ||
    typeof (adapter as EmailAdapter).sendEmail !== 'function'
  )
    throw new ConfigError(
      'email must be an email adapter ({ sendEmail(message), defaultFromAddress?, defaultFromName? }), a function returning one, or a promise of either (e.g. email: smtpAdapter({ ... })).',
    )
  return adapter as EmailAdapter
}

/** `"Name" <address>`, the adapter's default sender. */
export function defaultFrom(adapter: EmailAdapter): string | undefined {
  const address = adapter.defaultFromAddress
  if (!address) return undefined
  const name = adapter.defaultFromName?.replace(/["\\\r\n]/g, '')
  return name ? `"${name}" <${address}>` : address
}

/** The message with its sender filled in. */
export const withSender = (adapter: EmailAdapter, message: SendEmailOptions): SendEmailOptions =>
  message.from ? message : { ...message, from: defaultFrom(adapter) }

/** Escapes text for HTML bodies (the default messages quote user input: the address). */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )
