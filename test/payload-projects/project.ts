/**
 * A Payload project of test/fixtures/payload-projects, started as its team would start it here: `cms start` with
 * CMS_CONFIG_PATH at its `payload.config.ts` (unchanged sources: the fixture's README says what came from where),
 * on a fresh database of the run's kind, in a scratch working directory (uploads go there). Every answer is
 * checked against the contract the server serves.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serveCli } from '../helpers/cli.ts'
import { freshDatabaseUrl } from '../helpers/db.ts'
import { contractChecker } from '../helpers/http.ts'

const root = path.resolve(import.meta.dirname, '../..')
export const PROJECTS = path.join(root, 'test/fixtures/payload-projects')

export interface Answer {
  status: number
  body: any
  headers: Headers
}

export interface RunningProject {
  api: string
  /** The server's working directory (where local uploads go). */
  cwd: string
  /** A JSON request (`token`: Payload's `JWT <token>` header); the answer checked against the contract. */
  call: (method: string, route: string, body?: unknown, token?: string) => Promise<Answer>
  /** A multipart create of an upload collection: `file` and Payload's `_payload` JSON. */
  upload: (
    route: string,
    file: Blob,
    name: string,
    data: unknown,
    token?: string,
  ) => Promise<Answer>
  graphql: (query: string, token?: string) => Promise<Answer>
  /**
   * Payload's first-user sign-up (`POST /users/first-register`; by default Admin, admin@example.com): the token and
   * the user, or a throw.
   */
  firstUser: (data?: Record<string, unknown>) => Promise<{ token: string; user: any }>
  stop: () => Promise<void>
}

export async function startProject(
  name: string,
  env: Record<string, string> = {},
): Promise<RunningProject> {
  if (!existsSync(path.join(PROJECTS, 'node_modules/@payloadcms')))
    throw new Error(
      'The Payload project fixtures are not installed: run node scripts/payload-projects.ts (npm test does).',
    )
  const db = await freshDatabaseUrl()
  const cwd = await mkdtemp(path.join(tmpdir(), `payload-${name}-`))
  const served = await serveCli(
    {
      CMS_CONFIG_PATH: path.join(PROJECTS, name, 'src/payload.config.ts'),
      DATABASE_URL: db.url,
      PAYLOAD_SECRET: 'a-test-secret-of-this-project',
      ...env,
    },
    cwd,
  ).catch(async (e: unknown) => {
    await db.drop()
    throw e
  })
  const api = served.url('REST API')
  const contract = (await (await fetch(served.url('OpenAPI 3.1'))).json()) as Record<
    string,
    unknown
  >
  const check = await contractChecker(contract, [new URL(served.url('GraphQL')).pathname])
  const send = async (method: string, route: string, init: RequestInit): Promise<Answer> => {
    const url = new URL(`${api}${route}`)
    const res = await fetch(url, { method, ...init })
    const text = await res.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      /* not JSON */
    }
    check(method, url, res.status, body, res.headers.get('content-type'))
    return { status: res.status, body, headers: res.headers }
  }
  const auth = (token?: string): Record<string, string> =>
    token ? { authorization: `JWT ${token}` } : {}
  return {
    api,
    cwd,
    call: (method, route, body, token) =>
      send(method, route, {
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...auth(token),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    upload: (route, file, fileName, data, token) => {
      const form = new FormData()
      form.set('file', file, fileName)
      form.set('_payload', JSON.stringify(data))
      return send('POST', route, { headers: auth(token), body: form })
    },
    graphql: async (query, token) => {
      const res = await fetch(served.url('GraphQL'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth(token) },
        body: JSON.stringify({ query }),
      })
      return { status: res.status, body: await res.json(), headers: res.headers }
    },
    firstUser: async (data = {}) => {
      const r = await send('POST', '/users/first-register', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Admin',
          email: 'admin@example.com',
          password: 'a-long-test-password',
          ...data,
        }),
      })
      if (r.status !== 200)
        throw new Error(`first-register answered ${r.status}: ${JSON.stringify(r.body)}`)
      return r.body
    },
    stop: async () => {
      await served.stop()
      await db.drop()
      await rm(cwd, { recursive: true, force: true })
    },
  }
}
