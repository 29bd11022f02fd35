import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Cms } from '../local/cms.ts'
import { createApp, type AppOptions, type CmsApp } from './app.ts'

export interface RunningServer extends CmsApp {
  server: Server
  url: string
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close: () => Promise<void>
}

/** Serves `cms` on `host:port` (port 0 picks a free one). */
export async function listen(cms: Cms, options: AppOptions & { port?: number; host?: string } = {}): Promise<RunningServer> {
  const built = await createApp(cms, options)
  const server = createServer(built.app.callback())
  server.keepAliveTimeout = 5000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 3000, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  let closing: Promise<void> | undefined
  const close = () => (closing ??= (async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeIdleConnections()
    })
    await cms.destroy()
  })())
  return { ...built, server, url: `http://${options.host ?? '127.0.0.1'}:${port}`, close }
}
