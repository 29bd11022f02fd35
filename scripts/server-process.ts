/**
 * A CMS server as a process of its own (`node server/cli.ts start` on a free loopback port), for the Galera suite
 * and benchmark: started with `env` on top of this process's, ready when it prints its URL.
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
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(`server did not start: ${out}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Stops it (SIGTERM) and waits for its exit. */
export const stopServerProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
