/** A webhook receiver on loopback for the tests: it checks every signature with the `standardwebhooks` package. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'

export interface Received {
  id: string
  type: string
  timestamp: string
  data: Record<string, unknown> & { doc: Record<string, unknown> }
  /** Whether the receiver answered 2xx to this request. */
  accepted: boolean
}

export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

export class Receiver {
  readonly secret: string
  /** Every request whose signature verified, in arrival order (retries included). */
  readonly requests: Received[] = []
  /** Requests whose signature did not verify. */
  readonly forged: string[] = []
  /** The status to answer a verified request with (default 204); may wait first. */
  answer: (r: Received) => number | Promise<number> = () => 204
  #server: Server
  port = 0

  constructor(secret = newSecret()) {
    this.secret = secret
    const wh = new Webhook(secret)
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
        )
        let event: Received
        try {
          const parsed = wh.verify(body, headers) as Omit<Received, 'id' | 'accepted'>
          event = { ...parsed, id: headers['webhook-id'], accepted: false }
        } catch (e) {
          this.forged.push(e instanceof Error ? e.message : String(e))
          res.writeHead(400).end()
          return
        }
        this.requests.push(event)
        void Promise.resolve(this.answer(event)).then((status) => {
          event.accepted = status >= 200 && status < 300
          if (!res.destroyed) res.writeHead(status).end()
        })
      })
    })
  }

  async listen(): Promise<string> {
    await new Promise<void>((r) => this.#server.listen(0, '127.0.0.1', r))
    this.port = (this.#server.address() as AddressInfo).port
    return `http://127.0.0.1:${this.port}/hook`
  }

  /** The events answered 2xx, one per webhook-id (the first accepted request of each). */
  delivered(): Received[] {
    const seen = new Set<string>()
    return this.requests.filter((r) => r.accepted && !seen.has(r.id) && seen.add(r.id))
  }

  close(): Promise<void> {
    this.#server.closeAllConnections()
    return new Promise((r) => this.#server.close(() => r()))
  }
}

/** Waits until `done()` holds (polling; the test fails with `what` if it never does within a minute). */
export async function until(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + 60_000
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`never happened: ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** A receiver per call, each listening on loopback, all closed after the file's tests. */
export function useReceivers(test: { after: { always: (fn: () => Promise<unknown>) => void } }) {
  const receivers: Receiver[] = []
  test.after.always(() => Promise.all(receivers.map((r) => r.close())))
  return async (): Promise<{ r: Receiver; url: string }> => {
    const r = new Receiver()
    receivers.push(r)
    return { r, url: await r.listen() }
  }
}
