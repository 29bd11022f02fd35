import { ConfigError } from '../errors/config-error.ts'

/**
 * `mysql://user:password@h1[:p1][,h2[:p2]…]/database?pool=n&syncWait=n`, parsed by hand: `new URL` takes one host
 * only and throws a bare `TypeError` or `URIError` on a bad port or escape, which used to end the start with a
 * stack (issue 30, finding 14). Every fault is a ConfigError naming the variable (`DATABASE_URL` or `db.url`) and
 * the part at fault; credentials are never repeated (an unencoded `@` would put part of a password in the host
 * list, so the user information ends at the last `@` before the path, as in WHATWG URLs).
 */
export interface MysqlHost {
  host: string
  port: number
}
export interface MysqlUrl {
  /** At least one: the URL names no host is a ConfigError. */
  hosts: [MysqlHost, ...MysqlHost[]]
  user: string
  password: string
  database: string
  params: URLSearchParams
}

const SHAPE = /^mysql:\/\/(?:([^/?#]*)@)?([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#.*)?$/
const EXPECTED = 'mysql://user:password@host[:port][,host:port…]/database'
// A bracketed IPv6 address or a host name, then an optional port (checked apart, for a precise message).
const HOST = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::(.*))?$/
const NAME = /^[\p{L}\p{N}._~!$&'()*+;=%-]+$/u

export function parseMysqlUrl(url: string, name = 'DATABASE_URL'): MysqlUrl {
  const fail = (what: string) =>
    new ConfigError(`${name} is not a valid MySQL URL: ${what} (expected ${EXPECTED}).`)
  const m = SHAPE.exec(url)
  if (!m) throw fail('it does not start with mysql://')
  const [, userinfo = '', authority = '', path = '', query = ''] = m
  if (authority === '') throw fail('it names no host')
  const [first = '', ...more] = authority.split(',')
  const hosts: MysqlUrl['hosts'] = [
    hostOf(first, 0, fail),
    ...more.map((entry, i) => hostOf(entry, i + 1, fail)),
  ]
  const colon = userinfo.indexOf(':')
  const decode = (raw: string, part: string) => {
    try {
      return decodeURIComponent(raw)
    } catch {
      throw fail(`the ${part} has a malformed %-escape (write a literal % as %25)`)
    }
  }
  const params = new URLSearchParams(query)
  const pool = params.get('pool')
  if (pool !== null && !/^[1-9][0-9]{0,3}$/.test(pool))
    throw fail(`?pool= takes a number of connections from 1 to 9999; got "${pool}"`)
  return {
    hosts,
    user: decode(colon < 0 ? userinfo : userinfo.slice(0, colon), 'user name'),
    password: colon < 0 ? '' : decode(userinfo.slice(colon + 1), 'password'),
    database: decode(path.slice(1), 'database name'),
    params,
  }
}

function hostOf(entry: string, i: number, fail: (what: string) => ConfigError): MysqlHost {
  const which = `host ${i + 1}`
  if (entry === '') throw fail(`${which} is empty (two commas, or a comma at an end)`)
  const m = HOST.exec(entry)
  const host = m?.[1] ?? ''
  if (!m || (!host.startsWith('[') && !NAME.test(host)))
    throw fail(`${which} ("${entry}") is not a host name or address`)
  const port = m[2]
  if (port === undefined) return { host: host.replace(/^\[|\]$/g, ''), port: 3306 }
  if (!/^[0-9]{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535)
    throw fail(`${which} ("${entry}") has port "${port}"; a port is a number from 1 to 65535`)
  return { host: host.replace(/^\[|\]$/g, ''), port: Number(port) }
}
