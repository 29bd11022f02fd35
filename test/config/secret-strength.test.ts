/**
 * Issue 30, finding 15: in production a signing secret of 32 bytes but a guessable shape (32 × `a`, a repeated
 * sequence, a placeholder) stops the start with a ConfigError saying which rule it broke, never the secret.
 * This file runs in its own process: NODE_ENV is set per test, serially.
 */
import { randomBytes } from 'node:crypto'
import test from 'ava'
import { startCli } from '../helpers/cli.ts'
import { weakSecretReason } from '../../server/auth/secret-strength.ts'
import { defineConfig } from '../../server/config/define-config.ts'
import { getCms } from '../../server/local/get-cms.ts'

const config = (secret?: string) =>
  defineConfig({
    ...(secret === undefined ? {} : { secret }),
    db: { url: 'sqlite::memory:' },
    collections: [{ slug: 'users', auth: true, fields: [] }],
  })

async function inEnv<T>(env: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const previous = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
  const set = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values))
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
  }
  set(env)
  try {
    return await fn()
  } finally {
    set(previous)
  }
}

const weak: [secret: string, rule: RegExp][] = [
  ['a'.repeat(32), /it has 1 distinct character \(at least 8 needed\)/],
  ['ab'.repeat(20), /it has 2 distinct characters/],
  ['abcdefgh'.repeat(5), /it is one shorter sequence repeated/],
  [`Zq7#Lm2!${'x'.repeat(24)}`, /one character repeats in a run over a quarter of it/],
  ['changeme-Kq3vZ8pW2mR7xN4tYb6Jd9Hs', /it starts with the placeholder "changeme"/],
  ['Change_Me_Kq3vZ8pW2mR7xN4tYb6Jd9Hs', /it starts with the placeholder "changeme"/],
  ['secret-Kq3vZ8pW2mR7xN4tYb6Jd9Hs0Lp', /it starts with the placeholder "secret"/],
  ['PASSWORD.Kq3vZ8pW2mR7xN4tYb6Jd9Hs0', /it starts with the placeholder "password"/],
]

/** The production secrets of the tests, benches and scripts of this repository: they must keep starting. */
const used = [
  'a-production-secret-of-at-least-32-bytes',
  'a-test-secret-that-is-at-least-32-bytes-long',
  'a-shared-secret-of-at-least-thirty-two-bytes',
  'a-bench-secret-of-at-least-thirty-two-bytes',
  'start-test-Kq3vZ8pW2mR7xN4t-of-32-bytes',
  'Tq8-exposure-test-secret-of-32+-bytes',
]

test.serial(
  'in production a guessable secret is refused at start, by config or CMS_SECRET, without quoting it',
  async (t) => {
    for (const [secret, rule] of weak) {
      const byConfig = await inEnv({ NODE_ENV: 'production', CMS_SECRET: undefined }, () =>
        t.throwsAsync(getCms({ config: config(secret) }), { name: 'ConfigError' }),
      )
      t.regex(
        byConfig?.message ?? '',
        /^The config secret is too guessable for production: /,
        secret,
      )
      t.regex(byConfig?.message ?? '', rule, secret)
      t.false(byConfig?.message.includes(secret), secret)
      const byEnv = await inEnv({ NODE_ENV: 'production', CMS_SECRET: secret }, () =>
        t.throwsAsync(getCms({ config: config() }), { name: 'ConfigError' }),
      )
      t.regex(byEnv?.message ?? '', /^CMS_SECRET is too guessable for production: /, secret)
      t.regex(byEnv?.message ?? '', /openssl rand -base64 32/)
    }
  },
)

test.serial(
  'the secrets of this repository and random ones start in production; outside it any secret starts',
  async (t) => {
    for (const secret of used) {
      const cms = await inEnv({ NODE_ENV: 'production' }, () => getCms({ config: config(secret) }))
      t.truthy(cms, secret)
      await cms.destroy()
    }
    for (let i = 0; i < 2000; i++) {
      t.is(weakSecretReason(randomBytes(24).toString('base64')), undefined)
      t.is(weakSecretReason(randomBytes(32).toString('base64url')), undefined)
    }
    const cms = await inEnv({ NODE_ENV: 'development' }, () =>
      getCms({ config: config('a'.repeat(32)) }),
    )
    t.truthy(cms)
    await cms.destroy()
  },
)

test.serial(
  'npm start in production with CMS_SECRET of 32 × "a" prints one Config error line',
  async (t) => {
    const { code, stderr } = await startCli({ NODE_ENV: 'production', CMS_SECRET: 'a'.repeat(32) })
    t.is(code, 1)
    t.is(
      stderr.trim(),
      'Config error: CMS_SECRET is too guessable for production: it has 1 distinct character (at least 8 needed). Use a random value, e.g. the output of `openssl rand -base64 32`.',
    )
  },
)
