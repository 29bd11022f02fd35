import type { SendEmailOptions } from '../../config/types.ts'
import { withSender } from '../../email/send.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import type { Cms } from '../cms.ts'

const isAddressList = (v: unknown) =>
  (typeof v === 'string' && v.trim() !== '') ||
  (Array.isArray(v) && v.length > 0 && v.every((a) => typeof a === 'string' && a.trim() !== ''))

/**
 * Sends one message through the configured email adapter (`config.email`; the console adapter by default), with
 * the adapter's default sender unless `from` is given. Answers what the adapter answers (nodemailer's info for
 * `smtpAdapter`); a delivery failure is the adapter's error.
 */
export async function sendEmail(this: Cms, message: SendEmailOptions): Promise<unknown> {
  if (!message || typeof message !== 'object')
    throw new BadRequest('sendEmail needs a message ({ to, subject, html?, text? }).')
  if (!isAddressList(message.to))
    throw new BadRequest('sendEmail needs "to": an address or a list of addresses.')
  if (typeof message.subject !== 'string')
    throw new BadRequest('sendEmail needs "subject" (a string).')
  const adapter = await this.emailAdapter()
  return adapter.sendEmail(withSender(adapter, message))
}
