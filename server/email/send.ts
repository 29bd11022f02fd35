import type { Config, EmailAdapter, SendEmailOptions } from '../config/types.ts'
import type { LocalApi } from '../config/local-api.ts'
import { ConfigError } from '../errors/config-error.ts'
import { consoleEmailAdapter } from './console.ts'
import { isNonNullObject } from '../utilities/guards.ts'

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
  // A factory (Payload's form) is called with the Local API under both names.
  if (typeof adapter === 'function') adapter = await adapter({ cms, payload: cms })
  if (!isEmailAdapter(adapter))
    throw new ConfigError(
      'email must be an email adapter ({ sendEmail(message), defaultFromAddress?, defaultFromName? }), a function returning one, or a promise of either (e.g. email: smtpAdapter({ ... })).',
    )
  return adapter
}

const isEmailAdapter = (v: unknown): v is EmailAdapter =>
  isNonNullObject(v) && typeof v.sendEmail === 'function'

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

const HTML_ESCAPES = new Map([
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&#39;'],
])

/** Escapes text for HTML bodies (the default messages quote user input: the address). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES.get(c) ?? c)
