import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import type { EmailAdapter, SendEmailOptions } from '../config/types.ts'

export interface SmtpAdapterOptions {
  host: string
  /** Default 587 (465 with `secure: true`). */
  port?: number
  /** TLS from the first byte (port 465). Otherwise STARTTLS is used when the server offers it. */
  secure?: boolean
  auth?: { user: string; pass: string }
  defaultFromAddress: string
  defaultFromName?: string
  /** Any other nodemailer SMTP option (`requireTLS`, `ignoreTLS`, `tls`, timeouts, `pool`…). */
  transportOptions?: Omit<SMTPTransport.Options, 'host' | 'port' | 'secure' | 'auth'>
}

/** nodemailer loads on the first message: a start that sends no mail does not wait for it. */
let nodemailerModule: Promise<typeof import('nodemailer')> | undefined
const nodemailer = () => (nodemailerModule ??= import('nodemailer'))

/**
 * An email adapter delivering over SMTP with nodemailer (one transport, reused). A message the server refuses is
 * an error of `sendEmail` (and of the operation that sent it).
 *
 * @example
 * email: smtpAdapter({ host: 'smtp.example.com', port: 587, auth: { user, pass }, defaultFromAddress: 'cms@example.com', defaultFromName: 'Example' })
 */
export function smtpAdapter(options: SmtpAdapterOptions): EmailAdapter {
  if (!options || typeof options.host !== 'string' || options.host === '')
    throw new TypeError('smtpAdapter needs a host.')
  if (typeof options.defaultFromAddress !== 'string' || options.defaultFromAddress === '')
    throw new TypeError('smtpAdapter needs a defaultFromAddress.')
  let transport: ReturnType<(typeof import('nodemailer'))['createTransport']> | undefined
  return {
    name: 'smtp',
    defaultFromAddress: options.defaultFromAddress,
    defaultFromName: options.defaultFromName,
    async sendEmail(message: SendEmailOptions) {
      if (!transport) {
        const { createTransport } = await nodemailer()
        transport = createTransport({
          ...options.transportOptions,
          host: options.host,
          port: options.port ?? (options.secure ? 465 : 587),
          secure: options.secure ?? false,
          auth: options.auth,
        })
      }
      return transport.sendMail(message)
    },
  }
}
