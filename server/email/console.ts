import { pino, type Logger } from 'pino'
import type { EmailAdapter, SendEmailOptions } from '../config/types.ts'

/**
 * The default email adapter: delivers nothing and logs one line per message with its recipients and subject,
 * never its body (verification and reset messages carry single-use tokens, and logs are kept and shipped).
 * Develop with `cms.forgotPassword(...)` (it returns the token to trusted callers) or a real adapter.
 */
export function consoleEmailAdapter(
  options: { logger?: Logger; defaultFromAddress?: string; defaultFromName?: string } = {},
): EmailAdapter {
  let logger = options.logger
  return {
    name: 'console',
    defaultFromAddress: options.defaultFromAddress ?? 'cms@localhost',
    defaultFromName: options.defaultFromName ?? 'CMS',
    sendEmail(message: SendEmailOptions) {
      logger ??= pino({ level: process.env.LOG_LEVEL ?? 'info', base: undefined })
      logger.info(
        { email: { to: message.to, subject: message.subject } },
        'email not delivered (no email adapter configured): recipient and subject only',
      )
    },
  }
}
