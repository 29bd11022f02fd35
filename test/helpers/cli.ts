import { spawn } from 'node:child_process'

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
  const child = spawn(process.execPath, ['server/cli.ts', 'start'], {
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
