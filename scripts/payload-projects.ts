// Installs test/fixtures/payload-projects (Payload's real official plugins at 3.90.x, from its own lock) when its
// node_modules is missing or older than its lock: `npm test` runs it first (pretest), and so does .ci/run.
import { execFileSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'

// test/fixtures/payload-real holds real Payload 3.90 and its SQL adapters, which write the databases that
// `cms import-payload` reads (test/import-payload).
for (const name of ['payload-projects', 'payload-real']) {
  const dir = path.resolve(import.meta.dirname, '../test/fixtures', name)
  const installed = path.join(dir, 'node_modules/.package-lock.json')
  const lock = path.join(dir, 'package-lock.json')
  if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
    console.log(`Installing the Payload fixtures of test/fixtures/${name}…`)
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'inherit',
    })
  }
}
