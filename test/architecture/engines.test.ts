/**
 * Issue 57, item 10: `npm install` run by the machine's older Node (20) prints `npm warn EBADENGINE` for every
 * locked package that asks for a newer one, as npm checks `engines` against the Node running npm itself. The
 * README says why they are harmless (every npm script runs on the Node 24 pinned as the `node` devDependency)
 * and how to install without them; this holds the premise: the pinned Node satisfies every package npm installs
 * here, so under it npm warns of nothing, and a warning it prints is a real one.
 */
import test from 'ava'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
// npm's own range semantics (a dependency of the toolchain; no types are installed for it).
const semver = createRequire(import.meta.url)('semver') as {
  satisfies: (version: string, range: string, options?: { includePrerelease?: boolean }) => boolean
}

interface Locked {
  engines?: { node?: string } | string[]
  optional?: boolean
  os?: string[]
  cpu?: string[]
}
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, Locked> }
const pkg = JSON.parse(read('package.json')) as { devDependencies: Record<string, string> }
const pinned = pkg.devDependencies.node

/** Whether npm installs the package on this machine (an optional one for another os or cpu it skips). */
const installed = (p: Locked) =>
  !p.optional ||
  ((!p.os || p.os.includes(process.platform)) && (!p.cpu || p.cpu.includes(process.arch)))

/** The locked packages (the project itself as `""`) whose `engines.node` refuses `version`. */
function refusing(version: string): string[] {
  return Object.entries(lock.packages)
    .filter(([, p]) => installed(p))
    .flatMap(([name, p]) => {
      const range = !p.engines || Array.isArray(p.engines) ? undefined : p.engines.node
      return range && !semver.satisfies(version, range, { includePrerelease: true })
        ? [name || '(this project)']
        : []
    })
}

test('the pinned Node satisfies the engines of every package npm installs here', (t) => {
  t.regex(pinned, /^24\./)
  t.deepEqual(refusing(pinned), [])
})

test("Node 20 does not, and the README says why npm's EBADENGINE warnings are harmless", (t) => {
  t.true(refusing('20.20.2').length > 0)
  const readme = read('README.md')
  t.regex(readme, /npm warn EBADENGINE/)
  t.regex(readme, /PATH=\$PWD\/node_modules\/\.bin:\$PATH npm install/)
})
