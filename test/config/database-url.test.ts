/**
 * Issue 30, finding 14: a malformed MySQL URL (several hosts, a bad port, a bad %-escape, an empty host) is a
 * ConfigError naming the variable and the part at fault, never a raw TypeError/URIError stack, and never repeats
 * the password. No database is reached: the URL is refused before any connection.
 */
import test from 'ava'
import { startCli } from '../helpers/cli.ts'
import { defineConfig } from '../../server/config/define-config.ts'
import { connect } from '../../server/db/connect.ts'
import { getCms } from '../../server/local/get-cms.ts'

const config = (url?: string) =>
  defineConfig({
    collections: [{ slug: 'notes', fields: [{ name: 'text', type: 'text' }] }],
    ...(url === undefined ? {} : { db: { url } }),
  })

/** The password of every case: it must never appear in a message. */
const PW = 'hunter2pw'
const cases: [url: string, message: RegExp][] = [
  [
    `mysql://u:${PW}@h1:99999,h2/db`,
    /host 1 \("h1:99999"\) has port "99999"; a port is a number from 1 to 65535/,
  ],
  [`mysql://u:${PW}@h1,h2:abc/db`, /host 2 \("h2:abc"\) has port "abc"/],
  [`mysql://u:${PW}@h1:/db`, /host 1 \("h1:"\) has port ""/],
  [`mysql://u:${PW}%zz@h1,h2/db`, /the password has a malformed %-escape/],
  [`mysql://u%zz:${PW}@h1/db`, /the user name has a malformed %-escape/],
  [`mysql://u:${PW}@h1/d%zzb`, /the database name has a malformed %-escape/],
  [`mysql://u:${PW}@h1,,h2/db`, /host 2 is empty/],
  [`mysql://u:${PW}@h1,h2,/db`, /host 3 is empty/],
  [`mysql://u:${PW}@/db`, /it names no host/],
  [`mysql://u:${PW}@h 1/db`, /host 1 \("h 1"\) is not a host name or address/],
  [
    `mysql://u:${PW}@h1/db?pool=ten`,
    /\?pool= takes a number of connections from 1 to 9999; got "ten"/,
  ],
  // An unencoded "@" in the password: the user information ends at the last "@", so none of it leaks.
  [`mysql://u:${PW}@x@h1:0/db`, /host 1 \("h1:0"\) has port "0"/],
  [`mariadb://u:${PW}@h1:65536/db`, /host 1 \("h1:65536"\) has port "65536"/],
]

test('a malformed db.url is a ConfigError naming db.url and the fault, without the password', async (t) => {
  for (const [url, message] of cases) {
    const error = await t.throwsAsync(getCms({ config: config(url) }), { name: 'ConfigError' }, url)
    t.regex(error?.message ?? '', /^db\.url is not a valid MySQL URL: /, url)
    t.regex(error?.message ?? '', message, url)
    t.false(error?.message.includes(PW), `${url}: ${error?.message}`)
  }
})

test('a malformed DATABASE_URL is a ConfigError naming DATABASE_URL', async (t) => {
  const previous = process.env.DATABASE_URL
  try {
    for (const [url, message] of cases) {
      process.env.DATABASE_URL = url
      t.throws(() => connect(), { name: 'ConfigError', message }, url)
      const error = await t.throwsAsync(getCms({ config: config() }), { name: 'ConfigError' })
      t.regex(error?.message ?? '', /^DATABASE_URL is not a valid MySQL URL: /, url)
      t.false(error?.message.includes(PW), url)
    }
  } finally {
    process.env.DATABASE_URL = previous
  }
})

test('well-formed URLs still parse: several hosts, default ports, IPv6, encoded credentials', async (t) => {
  // Constructing opens no connection (the pool starts empty).
  const described = async (url: string) => {
    const db = connect(url)
    await db.close()
    return db.description
  }
  for (const url of [
    'mysql://u:p%40ss%25@127.0.0.1/db?pool=3&syncWait=0',
    'mariadb://u@db.example.com:3306/cms',
  ])
    t.regex(await described(url), /^mysql:\/\/[^@]+$/, url)
  t.is(
    await described('mysql://u:p@h1:3307,h2,[::1]:3308/db'),
    'mysql://h1:3307,h2:3306,::1:3308/db',
  )
})

test('npm start with a malformed DATABASE_URL prints one "Config error" line, no stack, no password', async (t) => {
  const { code, stderr } = await startCli({ DATABASE_URL: `mysql://u:${PW}%zz@h1:3306,h2/db` })
  t.is(code, 1)
  t.is(
    stderr.trim(),
    'Config error: DATABASE_URL is not a valid MySQL URL: the password has a malformed %-escape (write a literal % as %25) (expected mysql://user:password@host[:port][,host:port…]/database).',
  )
})
