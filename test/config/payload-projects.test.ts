/**
 * Issue 55: `cms check-config` on each Payload project of test/fixtures/payload-projects refuses nothing. A check
 * of the config alone, before any database is opened, so it runs once; the projects' behaviour on each database
 * is test/payload-projects.
 */
import test from 'ava'
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const root = path.resolve(import.meta.dirname, '../..')

for (const [name, from] of [
  ['auth', 'examples/auth'],
  ['blank', 'templates/blank'],
  ['ecommerce', 'templates/ecommerce'],
  ['localization', 'examples/localization'],
  ['multi-tenant', 'examples/multi-tenant'],
  ['website', 'templates/website'],
]) {
  test(`cms check-config on ${from}: it starts as written, nothing refused`, async (t) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(root, 'server/cli.ts'), 'check-config'],
      {
        env: {
          ...process.env,
          CMS_CONFIG_PATH: path.join(
            root,
            'test/fixtures/payload-projects',
            name,
            'src/payload.config.ts',
          ),
          LOG_LEVEL: 'silent',
        },
      },
    )
    t.regex(stdout, /The config starts as written\./)
    t.notRegex(stdout, /refused/i)
  })
}
