import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * The GraphQL playground: GraphiQL 3 with React 18, every asset read from the npm packages and served by this
 * server (no CDN). `?query=` pre-fills the editor. On by default outside production; in production only with
 * `graphQL.disablePlaygroundInProduction: false`.
 */
const require = createRequire(import.meta.url)
const ASSETS: Record<string, { pkg: string; file: string; type: string }> = {
  'react.js': { pkg: 'react', file: 'umd/react.production.min.js', type: 'text/javascript; charset=utf-8' },
  'react-dom.js': { pkg: 'react-dom', file: 'umd/react-dom.production.min.js', type: 'text/javascript; charset=utf-8' },
  'graphiql.js': { pkg: 'graphiql', file: 'graphiql.min.js', type: 'text/javascript; charset=utf-8' },
  'graphiql.css': { pkg: 'graphiql', file: 'graphiql.min.css', type: 'text/css; charset=utf-8' },
}

/** A package's folder (its `exports` do not list the UMD builds, so they are read by path). */
async function packageRoot(name: string): Promise<string> {
  let dir = path.dirname(require.resolve(name))
  for (;;) {
    try {
      const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { name?: string }
      if (pkg.name === name) return dir
    } catch { /* keep walking up */ }
    const up = path.dirname(dir)
    if (up === dir) throw new Error(`package ${name} not found`)
    dir = up
  }
}
const cache = new Map<string, Buffer>()

export function playgroundEnabled(graphQL: { disable: boolean; disablePlaygroundInProduction: boolean }): boolean {
  if (graphQL.disable) return false
  return process.env.NODE_ENV !== 'production' || graphQL.disablePlaygroundInProduction === false
}

/** The page or one of its assets for a path below the playground route; undefined when there is no such thing. */
export async function playground(rest: string, endpoint: string, base: string): Promise<{ type: string; body: Buffer } | undefined> {
  if (rest === '' || rest === '/') {
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>GraphQL playground</title>
<link rel="stylesheet" href="${base}/assets/graphiql.css">
<style>body { margin: 0; } #graphiql { height: 100vh; }</style>
</head>
<body>
<div id="graphiql">Loading the playground…</div>
<script src="${base}/assets/react.js"></script>
<script src="${base}/assets/react-dom.js"></script>
<script src="${base}/assets/graphiql.js"></script>
<script>
  const query = new URLSearchParams(location.search).get('query') || '{\\n  __typename\\n}'
  const fetcher = GraphiQL.createFetcher({ url: ${JSON.stringify(endpoint)} })
  ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, { fetcher, defaultQuery: query, query }))
</script>
</body>
</html>
`
    return { type: 'text/html; charset=utf-8', body: Buffer.from(html) }
  }
  const m = /^\/assets\/([\w.-]+)$/.exec(rest)
  const asset = m ? ASSETS[m[1]] : undefined
  if (!asset) return undefined
  const key = `${asset.pkg}/${asset.file}`
  let body = cache.get(key)
  if (!body) {
    body = await readFile(path.join(await packageRoot(asset.pkg), asset.file))
    cache.set(key, body)
  }
  return { type: asset.type, body }
}
