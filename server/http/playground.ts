import { assetFor, securePage, type PackageAsset, type Page } from './package-assets.ts'

/**
 * The GraphQL playground: GraphiQL 3 with React 18, every asset read from the npm packages and served by this
 * server (no CDN). `?query=` pre-fills the editor. On by default outside production; in production only with
 * `graphQL.disablePlaygroundInProduction: false`.
 */
const ASSETS: Record<string, PackageAsset> = {
  'react.js': {
    pkg: 'react',
    file: 'umd/react.production.min.js',
    type: 'text/javascript; charset=utf-8',
  },
  'react-dom.js': {
    pkg: 'react-dom',
    file: 'umd/react-dom.production.min.js',
    type: 'text/javascript; charset=utf-8',
  },
  'graphiql.js': {
    pkg: 'graphiql',
    file: 'graphiql.min.js',
    type: 'text/javascript; charset=utf-8',
  },
  'graphiql.css': { pkg: 'graphiql', file: 'graphiql.min.css', type: 'text/css; charset=utf-8' },
}

export function playgroundEnabled(graphQL: {
  disable: boolean
  disablePlaygroundInProduction: boolean
}): boolean {
  if (graphQL.disable) return false
  return process.env.NODE_ENV !== 'production' || graphQL.disablePlaygroundInProduction === false
}

/** The page or one of its assets for a path below the playground route; undefined when there is no such thing. */
export async function playground(
  rest: string,
  endpoint: string,
  base: string,
): Promise<Page | undefined> {
  if (rest === '' || rest === '/') {
    const script = `
  const query = new URLSearchParams(location.search).get('query') || '{\\n  __typename\\n}'
  const fetcher = GraphiQL.createFetcher({ url: ${JSON.stringify(endpoint)} })
  ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, { fetcher, defaultQuery: query, query }))
`
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
<script>${script}</script>
</body>
</html>
`
    return securePage(html, script)
  }
  return assetFor(rest, ASSETS)
}
