import { spawn } from 'node:child_process'
import path from 'node:path'

/** The CLI's entry, so that a test may run it from another working directory. */
const CLI = path.resolve(import.meta.dirname, '../../server/cli.ts')

export interface StartOutcome {
  /** The exit code (null when killed by a signal). */
  code: number | null
  stderr: string
  /** The server printed its URL (it is then stopped with SIGTERM). */
  started: boolean
}

/**
 * Runs `cms start` (`npm start`) with `env` over the test process's environment (`undefined` removes a variable),
 * on an in-memory SQLite database and port 0 unless `env` says otherwise, for tests of start-up refusals: a
 * server that starts anyway is stopped, and the outcome says so. Killed after 30 s.
 */
export function startCli(env: Record<string, string | undefined>): Promise<StartOutcome> {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: 'sqlite::memory:',
    PORT: '0',
    LOG_LEVEL: 'silent',
    ...env,
  }
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key]
  const child = spawn(process.execPath, [CLI, 'start'], {
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  let started = false
  child.stderr.on('data', (d) => (stderr += String(d)))
  child.stdout.on('data', (d) => {
    if (!started && /http:\/\//.test(String(d))) {
      started = true
      child.kill('SIGTERM')
    }
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr, started })
    }),
  )
}

export interface ServedCli {
  /** The lines `cms start` printed up to its Health URL. */
  lines: string[]
  /** The URL printed under `label` ('REST API', 'GraphQL', 'OpenAPI 3.1'…). */
  url: (label: string) => string
  /** Sends SIGTERM; resolves when the server has exited. */
  stop: () => Promise<void>
}

/**
 * Runs `cms start` with `env` over the test process's environment until it prints its URLs (in-memory SQLite and
 * port 0 unless `env` says otherwise), in `cwd` (default this process's); `stop` sends SIGTERM. Rejects when it
 * exits first or prints nothing in 60 s.
 */
export function serveCli(env: Record<string, string>, cwd?: string): Promise<ServedCli> {
  const child = spawn(process.execPath, [CLI, 'start'], {
    cwd,
    env: {
      ...process.env,
      DATABASE_URL: 'sqlite::memory:',
      PORT: '0',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`no start within 60 s: ${err}`))
    }, 60_000)
    child.stderr.on('data', (d) => (err += String(d)))
    child.stdout.on('data', (d) => {
      out += String(d)
      if (!/^Health .*\n/m.test(out)) return
      clearTimeout(timer)
      const lines = out.trim().split('\n')
      const url = (label: string) => {
        const found = lines.find((l) => l.startsWith(`${label} `))?.split(/\s{2,}/)[1]
        if (!found) throw new Error(`cms start printed no ${label} URL: ${out}`)
        return found
      }
      const exited = new Promise<void>((done) => child.once('exit', () => done()))
      resolve({
        lines,
        url,
        stop: () => {
          child.kill('SIGTERM')
          return exited
        },
      })
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`exited ${code}: ${err}`))
    })
  })
}
