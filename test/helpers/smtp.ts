import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A message as the SMTP server received it: the envelope, the headers a test reads, and the decoded bodies. */
export interface ReceivedMail {
  envelopeFrom: string
  envelopeTo: string[]
  from: string
  to: string
  subject: string
  text?: string
  html?: string
  raw: string
}

export interface LoopbackSmtp {
  port: number
  messages: ReceivedMail[]
  /** The messages delivered to `address` (envelope recipient), oldest first. */
  to: (address: string) => ReceivedMail[]
  close: () => Promise<void>
}

/**
 * A real SMTP server (`smtp-server`) on 127.0.0.1 and a free port, requiring AUTH PLAIN/LOGIN with `user`/`pass`
 * (plain text: loopback, no STARTTLS). Recipients listed in `refuse` are rejected at RCPT TO (550).
 */
export async function startSmtp(
  credentials = { user: 'cms', pass: 'smtp-secret' },
  refuse: string[] = [],
): Promise<LoopbackSmtp> {
  const messages: ReceivedMail[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass)
        callback(null, { user: auth.username })
      else callback(new Error('Invalid username or password'))
    },
    onRcptTo(address, _session, callback) {
      if (refuse.includes(address.address)) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number }
        error.responseCode = 550
        callback(error)
      } else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        messages.push({
          ...parseMessage(raw),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    messages,
    to: (address) => messages.filter((m) => m.envelopeTo.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Headers (unfolded, lower-case names) and body of one MIME entity. */
function entity(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n')
  const head = split === -1 ? raw : raw.slice(0, split)
  const body = split === -1 ? '' : raw.slice(split + 4)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function decode(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`)
      // Re-encode the characters that are not escapes, then read the whole as UTF-8.
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'))
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    default:
      return body
  }
}

function parseMessage(raw: string): Omit<ReceivedMail, 'envelopeFrom' | 'envelopeTo' | 'raw'> {
  const { headers, body } = entity(raw)
  const out: Omit<ReceivedMail, 'envelopeFrom' | 'envelopeTo' | 'raw'> = {
    from: headers.get('from') ?? '',
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
  }
  const take = (h: Map<string, string>, b: string) => {
    const type = h.get('content-type') ?? 'text/plain'
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
    if (type.startsWith('multipart/') && boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break
        const e = entity(part.replace(/^\r\n/, ''))
        take(e.headers, e.body.replace(/\r\n$/, ''))
      }
    } else if (type.startsWith('text/html'))
      out.html = decode(b, h.get('content-transfer-encoding'))
    else if (type.startsWith('text/plain')) out.text = decode(b, h.get('content-transfer-encoding'))
  }
  take(headers, body)
  return out
}
