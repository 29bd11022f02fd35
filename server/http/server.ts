import { createServer, type Server } from 'node:http'
import type { Cms } from '../local/cms.ts'
import { createApp, type AppOptions, type CmsApp } from './app.ts'
import { answerClientErrors } from './client-error.ts'

export interface RunningServer extends CmsApp {
  server: Server
  url: string
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close: () => Promise<void>
}

/** Serves `cms` on `host:port` (port 0 picks a free one). */
export interface ListenOptions extends AppOptions {
  port?: number
  host?: string
  /** A client must send its headers within this many ms (default 10 s)… */
  headersTimeoutMs?: number
  /** …and its whole request within this many (default 30 s): a slow client cannot hold a connection. */
  requestTimeoutMs?: number
}

export async function listen(cms: Cms, options: ListenOptions = {}): Promise<RunningServer> {
  const built = await createApp(cms, options)
  const headersTimeout = options.headersTimeoutMs ?? 10_000
  // Node checks these timeouts every connectionsCheckingInterval (30 s by default): check often enough to honour them.
  const server = createServer(
    {
      headersTimeout,
      requestTimeout: options.requestTimeoutMs ?? 30_000,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(headersTimeout / 2)),
      // A missing Host is refused by the app (app.ts), with the error body Node's own 400 lacks.
      requireHostHeader: false,
    },
    built.app.callback(),
  )
  // Longer than the idle timeout of the clients and proxies in front (Node's global agent and undici: 4-5 s; load
  // balancers: 60 s), so the server never closes a socket a client is about to reuse: a request that races the
  // close is reset (seen as ECONNRESET through Prism's proxy, whose agent kept sockets exactly as long as this did).
  server.keepAliveTimeout = 65_000
  answerClientErrors(server)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 3000, options.host ?? '127.0.0.1', () => resolve())
  })
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('The server listens on no TCP port.')
  const { port } = address
  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        // A keep-alive connection whose request was in flight turns idle only when its answer is sent, and close()
        // would then wait out keepAliveTimeout (65 s): idle connections are closed as they appear until it ends.
        const sweep = setInterval(() => server.closeIdleConnections(), 25)
        server.close(() => {
          clearInterval(sweep)
          resolve()
        })
        server.closeIdleConnections()
      })
      await cms.destroy()
    })())
  return { ...built, server, url: `http://${options.host ?? '127.0.0.1'}:${port}`, close }
}
