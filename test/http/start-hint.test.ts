/**
 * Issue 33, item 4: `npm start` suggests a URL a newcomer can open: a collection an anonymous visitor may read
 * (the example's /api/users answers 401 to one), else the login route.
 */
import test from 'ava'
import { spawn } from 'node:child_process'
import { defineConfig } from '../../server/config/define-config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { serviceUrls } from '../../server/http/urls.ts'

/** Starts `cms start` on the example config and resolves with its stdout once it prints the Health URL. */
function startExample(): Promise<{ stdout: string; stop: () => void }> {
  const child = spawn(process.execPath, ['server/cli.ts', 'start'], {
    env: { ...process.env, DATABASE_URL: 'sqlite::memory:', PORT: '0', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  const stop = () => child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      stdout += String(d)
      if (stdout.includes('Health')) resolve({ stdout, stop })
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`cms start exited (${code}) before printing its URLs: ${stdout}`))
    })
  })
}

test('npm start suggests a collection an anonymous visitor may read, and it answers 200', async (t) => {
  const { stdout, stop } = await startExample()
  try {
    const url = /REST API\s+\S+\s+\(try (\S+)\)/.exec(stdout)?.[1]
    t.truthy(url, stdout)
    t.false(url?.endsWith('/users'))
    const r = await fetch(url ?? '')
    t.is(r.status, 200)
    const body = (await r.json()) as { docs: unknown[]; totalDocs: number }
    t.true(body.totalDocs > 0)
  } finally {
    stop()
  }
})

test('with no collection open to anonymous visitors, the hint is the login route', (t) => {
  const config = sanitizeConfig(
    defineConfig({
      secret: 'Tq8-start-hint-test-secret-of-32+-bytes',
      collections: [
        { slug: 'members', auth: true, fields: [] },
        { slug: 'notes', fields: [{ name: 'text', type: 'text' }] },
      ],
    }),
  )
  const [rest] = serviceUrls(config, 'http://x')
  t.is(rest.note, 'every collection needs a login: POST http://x/api/members/login')
  t.is(serviceUrls(config, 'http://x', 'notes')[0].note, 'try http://x/api/notes')
})

test('the admin URL is printed unless admin.disable turns the admin off', (t) => {
  const config = (admin?: { disable: true }) =>
    sanitizeConfig(
      defineConfig({
        secret: 'Tq8-start-hint-test-secret-of-32+-bytes',
        routes: { admin: '/cms' },
        ...(admin ? { admin } : {}),
        collections: [{ slug: 'notes', fields: [{ name: 'text', type: 'text' }] }],
      }),
    )
  const admin = (c: ReturnType<typeof config>) =>
    serviceUrls(c, 'http://x').find((u) => u.label === 'Admin')
  t.is(admin(config())?.url, 'http://x/cms')
  t.is(admin(config({ disable: true })), undefined)
})
