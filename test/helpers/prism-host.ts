/**
 * The process that runs the Prism proxies of every test file in Prism mode (test/helpers/prism.ts): Prism's
 * packages take about 1.3 s of CPU to load, which each of the ~90 files behind Prism paid again in its own worker.
 * A worker asks this host for a pair of proxies in front of its server; the host loads Prism once, keeps each
 * contract's operations, and ends 15 s after its last client has gone.
 *
 * `node test/helpers/prism-host.ts <name>`: it listens on the abstract Unix socket of that name (`\0<name>`,
 * Linux), so a second host started for the same name finds it taken and ends, and no socket file outlives the host. Each client
 * keeps one connection, over which it sends one JSON message a line and gets one answer a line:
 *
 * - `{ seq, op: 'start', contractFile, hash, upstream }` → `{ seq, proxy, url, responsesUrl }`
 * - `{ seq, op: 'state', proxy }` → `{ seq, received, violations }`
 * - `{ seq, op: 'stop', proxy }` → `{ seq, received, violations }`, the proxies closed
 *
 * and `{ seq, error }` when an operation fails. A client's proxies close when its connection does (a worker that
 * ended without stopping them).
 */
import { createServer as createControl, type Socket } from 'node:net'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { prismOperations } from './prism-operations.ts'

const name = process.argv[2]
if (!name) throw new Error('usage: node test/helpers/prism-host.ts <name>')
const IDLE_MS = 15_000

const { createServer } = await import('@stoplight/prism-http-server')
type PrismServer = ReturnType<typeof createServer>

interface PrismInput {
  method: string
  url: { path: string; query?: Record<string, string | string[]> }
}
const describe = ({ method, url }: PrismInput) => {
  const query = new URLSearchParams(
    Object.entries(url.query ?? {}).flatMap(([k, v]) => [v].flat().map((x) => [k, x])),
  ).toString()
  return `${method.toUpperCase()} ${url.path}${query ? `?${query}` : ''}`
}

interface Proxy {
  servers: PrismServer[]
  received: { validated: number; responseOnly: number }
  violations: string[]
}

/** One Prism proxy in front of `upstream`, `prism proxy <file> <upstream> --errors --cors=false`. */
async function startOne(
  operations: Awaited<ReturnType<typeof prismOperations>>,
  upstream: string,
  validateRequest: boolean,
  proxy: Proxy,
): Promise<{ server: PrismServer; url: string }> {
  const record = (entry: { level: number; msg: string; input?: PrismInput }) => {
    if (entry.input && entry.msg === 'Request received')
      proxy.received[validateRequest ? 'validated' : 'responseOnly']++
    else if (entry.msg.startsWith('Violation:'))
      // a warning on a forwarded answer (errors replace the answer and are logged below); the answer carries it
      // in its sl-violations header too, which the request helpers read with their request
      proxy.violations.push(entry.msg)
    else if (entry.level >= 40)
      // a refused request, an answer replaced by --errors, a GET with a body…
      proxy.violations.push(`${entry.input ? `${describe(entry.input)}: ` : ''}${entry.msg}`)
  }
  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) record(JSON.parse(line))
      done()
    },
  })
  // Prism's mocker logs at its own `success` level (prism-core's createLogger adds it); a proxy mocks only when the
  // server answers 501. Prism types its logger with pino 6's Logger, whence the cast.
  const logger = pino(
    { level: 'info', customLevels: { success: 31 }, base: {}, timestamp: false },
    log,
  ) as unknown as Parameters<typeof createServer>[1]['components']['logger']
  const server = createServer(operations, {
    cors: false, // the server's own CORS answers are under test: Prism's would replace them (`--cors=false`)
    components: { logger },
    config: {
      isProxy: true,
      upstream: new URL(upstream),
      upstreamProxy: undefined,
      validateRequest,
      validateResponse: true,
      checkSecurity: true,
      errors: true,
      mock: { dynamic: false },
    },
  })
  const url = (await server.listen(0, '127.0.0.1')).replace(/\/$/, '')
  return { server, url }
}

const proxies = new Map<number, Proxy>()
let nextProxy = 1
const counts = (p: Proxy) => ({ received: p.received, violations: p.violations })

async function handle(message: Record<string, unknown>, owned: Set<number>) {
  if (message.op === 'start') {
    const operations = await prismOperations(String(message.contractFile), String(message.hash))
    const proxy: Proxy = {
      servers: [],
      received: { validated: 0, responseOnly: 0 },
      violations: [],
    }
    const upstream = String(message.upstream)
    const [full, responseOnly] = await Promise.all([
      startOne(operations, upstream, true, proxy),
      startOne(operations, upstream, false, proxy),
    ])
    proxy.servers = [full.server, responseOnly.server]
    const id = nextProxy++
    proxies.set(id, proxy)
    owned.add(id)
    return { proxy: id, url: full.url, responsesUrl: responseOnly.url }
  }
  const id = Number(message.proxy)
  const proxy = proxies.get(id)
  if (!proxy) throw new Error(`no proxy ${id}`)
  if (message.op === 'state') return counts(proxy)
  if (message.op === 'stop') {
    await close(id)
    owned.delete(id)
    return counts(proxy)
  }
  throw new Error(`unknown operation ${String(message.op)}`)
}

async function close(id: number) {
  const proxy = proxies.get(id)
  proxies.delete(id)
  await Promise.all((proxy?.servers ?? []).map((s) => s.close()))
}

let clients = 0
let idle: NodeJS.Timeout | undefined
const idleCheck = () => {
  clearTimeout(idle)
  if (clients === 0) idle = setTimeout(() => process.exit(0), IDLE_MS)
}

const control = createControl((socket: Socket) => {
  clients++
  clearTimeout(idle)
  const owned = new Set<number>()
  let buffered = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    buffered += chunk
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end)
      buffered = buffered.slice(end + 1)
      const message = JSON.parse(line) as Record<string, unknown>
      handle(message, owned).then(
        (answer) => socket.write(`${JSON.stringify({ seq: message.seq, ...answer })}\n`),
        (error: Error) =>
          socket.write(
            `${JSON.stringify({ seq: message.seq, error: error.stack ?? error.message })}\n`,
          ),
      )
    }
  })
  socket.on('error', () => {})
  socket.on('close', () => {
    clients--
    void Promise.all([...owned].map(close)).finally(idleCheck)
  })
})
control.on('error', (error: NodeJS.ErrnoException) => {
  // Another host took the address first: the clients talk to that one.
  if (error.code === 'EADDRINUSE') process.exit(0)
  throw error
})
control.listen(`\0${name}`, () => {
  process.stdout.write('ready\n')
  idleCheck()
})
