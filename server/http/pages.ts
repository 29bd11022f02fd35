import type { SanitizedConfig } from '../config/types.ts'
import { apiDocs, apiDocsEnabled } from './api-docs.ts'
import { schemaHidden } from './exposure.ts'
import { playground, playgroundEnabled } from './playground.ts'
import type { RestReply } from './rest.ts'

/**
 * What the API serves besides its operations: the contracts (`/openapi.json`, the GraphQL SDL), the API reference
 * page and the GraphQL playground, whose assets come from npm packages. A path none of them serves answers
 * undefined (the routers go on; a switched-off contract path then answers the standard 404).
 */
export type RawReply = RestReply & { raw?: Buffer }

export function pages(config: SanitizedConfig, document: Record<string, unknown>) {
  const base = config.routes.api
  // Written on the first request for it (about 15 ms of a start otherwise).
  let contractJson: Buffer | undefined
  // The SDL compiler loads the graphql package: only when the SDL is asked for.
  let sdl: Promise<Buffer> | undefined
  const sdlText = () =>
    (sdl ??= import('../contracts/graphql.ts').then((m) => Buffer.from(m.compileSDL(config))))
  // In production the contracts follow introspection (exposure.ts).
  const contractsOn = !schemaHidden(config.graphQL)
  const sdlOn = contractsOn && !config.graphQL.disable
  const playgroundOn = playgroundEnabled(config.graphQL)
  const docsOn = apiDocsEnabled(config)
  const play = config.routes.graphQLPlayground
  const page = (p: { type: string; headers?: Record<string, string>; body: Buffer }): RawReply => ({
    status: 200,
    headers: { 'Content-Type': p.type, 'Cache-Control': 'public, max-age=3600', ...p.headers },
    raw: p.body,
  })

  /** Whether `rel` is a page path this server serves (with GET): the contract files, the docs, the playground. */
  const serves = (rel: string): boolean =>
    (contractsOn && rel === '/openapi.json') ||
    (sdlOn && rel === `${config.routes.graphQL}/schema.graphql`) ||
    (docsOn && (rel === '/docs' || rel.startsWith('/docs/'))) ||
    (playgroundOn && (rel === play || rel.startsWith(`${play}/`)))

  const serve = async (method: string, rel: string): Promise<RawReply | undefined> => {
    if (method !== 'GET') return undefined
    if (contractsOn && rel === '/openapi.json')
      return {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
        raw: (contractJson ??= Buffer.from(JSON.stringify(document))),
      }
    if (sdlOn && rel === `${config.routes.graphQL}/schema.graphql`)
      return {
        status: 200,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        raw: await sdlText(),
      }
    if (docsOn && (rel === '/docs' || rel.startsWith('/docs/'))) {
      const found = await apiDocs(rel.slice('/docs'.length), `${base}/docs`, `${base}/openapi.json`)
      if (found) return page(found)
    }
    if (playgroundOn && (rel === play || rel.startsWith(`${play}/`))) {
      const found = await playground(
        rel.slice(play.length),
        `${base}${config.routes.graphQL}`,
        `${base}${play}`,
      )
      if (found) return page(found)
    }
    return undefined
  }
  return { serve, serves }
}
