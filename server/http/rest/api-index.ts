/**
 * The apiIndex kind, `GET /api` (issue 57): what this API serves, for a newcomer who opens it in a browser or a
 * tool that starts there. Payload 3 answers the route with a 404 (`Route not found "/api"`); this is an extension.
 *
 * It lists the collections and globals the caller may read (their `read` access asked without a document, as
 * `/access` asks it: a Where counts as readable, a denial or an access function that throws leaves the entry
 * out), so the CMS's own collections (`webhooks`, `payload-jobs`, folders) are not named to an anonymous
 * caller; the login route of every auth collection, which anyone may call; and the addresses of what this
 * config and NODE_ENV serve, as `npm start` prints them (server/http/urls.ts). Addresses are paths: the host a
 * caller reached the server by is its own.
 */
import type { Access, CmsRequest, SanitizedConfig } from '../../config/types.ts'
import { accessResult } from '../../local/access.ts'
import { adminEnabled } from '../admin.ts'
import { apiDocsEnabled } from '../api-docs.ts'
import { schemaHidden } from '../exposure.ts'
import { playgroundEnabled } from '../playground.ts'
import type { RestHandlers } from './request.ts'

interface Entry {
  slug: string
  url: string
}

/** Whether `req` may read: the access function (default: a logged-in caller) answers true or a Where. */
async function mayRead(read: Access | undefined, req: CmsRequest): Promise<boolean> {
  try {
    return (await accessResult(read, { req }, false)) !== false
  } catch {
    // An access function that needs more than a request without a document offers: not listed.
    return false
  }
}

/** The addresses this server serves besides the collections and globals, each only when it is served. */
function addresses(config: SanitizedConfig): Record<string, string> {
  const api = config.routes.api
  const graphql = `${api}${config.routes.graphQL}`
  const contracts = !schemaHidden(config.graphQL)
  const on = !config.graphQL.disable
  return {
    ...(on && { graphql }),
    ...(on &&
      playgroundEnabled(config.graphQL) && {
        graphqlPlayground: `${api}${config.routes.graphQLPlayground}`,
      }),
    ...(apiDocsEnabled(config) && { docs: `${api}/docs` }),
    ...(contracts && { openapi: `${api}/openapi.json` }),
    ...(contracts && on && { graphqlSchema: `${graphql}/schema.graphql` }),
    health: `${api}/health`,
    ...(adminEnabled(config) && { admin: config.routes.admin }),
  }
}

export const apiIndex: RestHandlers['apiIndex'] = async (cms, r) => {
  const { config } = cms
  const api = config.routes.api
  const collections: Entry[] = []
  for (const c of config.collections)
    if (await mayRead(c.access.read, r.req))
      collections.push({ slug: c.slug, url: `${api}/${c.slug}` })
  const globals: Entry[] = []
  for (const g of config.globals)
    if (await mayRead(g.access.read, r.req))
      globals.push({ slug: g.slug, url: `${api}/globals/${g.slug}` })
  const login = config.collections
    .filter((c) => c.auth)
    .map((c) => ({ collection: c.slug, url: `${api}/${c.slug}/login` }))
  return {
    status: 200,
    body: { api, collections, globals, login, ...addresses(config) },
  }
}
