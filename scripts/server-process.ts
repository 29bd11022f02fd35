/**
 * A CMS server as a process of its own (`node server/cli.ts start` on a free loopback port), for the tests that
 * kill and restart servers, the Galera suite and its benchmark: started with `env` on top of this process's,
 * ready when it prints its URL (and, with `startHealthyServer`, when its health check answers 200).
 */
import { spawn, type ChildProcess } from 'node:child_process'

export interface ServerProcess {
  child: ChildProcess
  /** `http://127.0.0.1:<port>` */
  base: string
  /** Everything it printed so far. */
  log: () => string
}

export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['server/cli.ts', 'start'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const until = Date.now() + timeoutMs
  for (;;) {
    const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
    if (m) return { child, base: `http://127.0.0.1:${m[1]}`, log: () => out }
    if (child.exitCode !== null || Date.now() > until) {
      const why =
        child.exitCode !== null ? `exited with ${child.exitCode}` : `no URL within ${timeoutMs} ms`
      // A server left running would keep the caller's process (a test worker) alive.
      await stopServerProcess(child, 'SIGKILL')
      throw new Error(`server did not start (${why}): ${out}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
}

/**
 * Starts one and waits until `GET /api/health` answers 200 (a committed write works), all within `timeoutMs`.
 * One that does not is killed, and the error carries its last health answer and its output.
 */
export async function startHealthyServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const end = Date.now() + timeoutMs
  const server = await startServerProcess(env, timeoutMs)
  let last = 'no answer'
  while (Date.now() < end && server.child.exitCode === null) {
    try {
      const res = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(5000) })
      if (res.ok) return server
      last = `${res.status} ${await res.text()}`
    } catch (e) {
      last = (e as Error).message
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  await stopServerProcess(server.child, 'SIGKILL')
  throw new Error(
    `server at ${server.base} not healthy within ${timeoutMs} ms (last: ${last}): ${server.log()}`,
  )
}

/** Stops it (SIGTERM, or `signal`) and waits for its exit. */
export const stopServerProcess = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill(signal)
  })
