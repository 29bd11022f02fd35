/**
 * A test process's connection to the Prism host (prism-host.ts), which the first worker that needs it starts: one
 * per process, kept while calls are pending (unreferenced otherwise, so that a worker ends when its tests do).
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const HOST = path.join(import.meta.dirname, 'prism-host.ts')
const READY_MS = 30_000

export interface PrismHost {
  /** Sends one message and resolves with the host's answer (rejects with its error). */
  call: (message: Record<string, unknown>) => Promise<Record<string, unknown>>
}

/**
 * The host's name: its address is the abstract socket of that name (`\0` before it), named after the host's sources, Prism's version and this Node, so that
 * a host started from other sources (an edit, another checkout) is never reused.
 */
function hostAddress(): string {
  const require = createRequire(import.meta.url)
  const { version } = require('@stoplight/prism-http/package.json') as { version: string }
  const hash = createHash('sha256')
  for (const file of [HOST, path.join(import.meta.dirname, 'prism-operations.ts')])
    hash.update(readFileSync(file))
  hash.update(`${version} ${process.execPath} ${process.version}`)
  return `cms-prism-host-${hash.digest('hex').slice(0, 16)}`
}

const connectTo = (address: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(address)
    socket.once('connect', () => resolve(socket))
    socket.once('error', reject)
  })

/** Connects to the host named `name`, starting one when none answers there. */
async function reach(name: string): Promise<Socket> {
  const address = `\0${name}`
  const running = await connectTo(address).catch(() => undefined)
  if (running) return running
  // What the host writes to stderr (nothing unless it fails), the same file for every host of this name.
  const logFile = path.join(tmpdir(), `${name}.log`)
  const log = openSync(logFile, 'a')
  const child = spawn(process.execPath, [HOST, name], {
    detached: true,
    stdio: ['ignore', 'ignore', log],
  })
  child.unref()
  closeSync(log)
  let exit: number | null | undefined
  child.on('exit', (code) => (exit = code))
  const deadline = Date.now() + READY_MS
  for (;;) {
    const socket = await connectTo(address).catch(() => undefined)
    if (socket) return socket
    // Exit code 0: another worker's host took the address first, and is starting.
    if ((exit !== undefined && exit !== 0) || Date.now() > deadline)
      throw new Error(
        `Prism's host (${HOST}) did not start (exit ${exit ?? 'none yet'}): ${await readFile(logFile, 'utf8')}`,
      )
    await sleep(50)
  }
}

let current: Promise<PrismHost> | undefined

/** This process's connection to the Prism host; a connection the host closed is replaced on the next call. */
export function prismHost(): Promise<PrismHost> {
  current ??= open().catch((error: unknown) => {
    current = undefined
    throw error
  })
  return current
}

async function open(): Promise<PrismHost> {
  const socket = await reach(hostAddress())
  socket.unref()
  const pending = new Map<
    number,
    { resolve: (a: Record<string, unknown>) => void; reject: (e: Error) => void }
  >()
  let seq = 0
  let buffered = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    buffered += chunk
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const answer = JSON.parse(buffered.slice(0, end)) as Record<string, unknown>
      buffered = buffered.slice(end + 1)
      const call = pending.get(answer.seq as number)
      pending.delete(answer.seq as number)
      if (!pending.size) socket.unref()
      if (typeof answer.error === 'string') call?.reject(new Error(`Prism's host: ${answer.error}`))
      else call?.resolve(answer)
    }
  })
  const closed = (error?: Error) => {
    current = undefined
    for (const call of pending.values())
      call.reject(
        new Error(`Prism's host closed the connection${error ? `: ${error.message}` : ''}`),
      )
    pending.clear()
  }
  socket.on('error', closed)
  socket.on('close', () => closed())
  return {
    call: (message) =>
      new Promise((resolve, reject) => {
        if (socket.destroyed) return reject(new Error("Prism's host closed the connection"))
        const id = ++seq
        pending.set(id, { resolve, reject })
        socket.ref()
        socket.write(`${JSON.stringify({ ...message, seq: id })}\n`)
      }),
  }
}
