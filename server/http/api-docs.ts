import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * The API reference page: Swagger UI (from the `swagger-ui-dist` package, served by this server; no CDN)
 * rendering the contract at `<api>/openapi.json`. On by default outside production; in production only with
 * `apiDocs.disableInProduction: false`; `apiDocs.disable: true` turns it off everywhere.
 */
const require = createRequire(import.meta.url)
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
}
const cache = new Map<string, Buffer>()

export function apiDocsEnabled(options: { disable?: boolean; disableInProduction?: boolean } | undefined): boolean {
  if (options?.disable) return false
  return process.env.NODE_ENV !== 'production' || options?.disableInProduction === false
}

export async function apiDocs(rest: string, base: string, contractUrl: string): Promise<{ type: string; body: Buffer } | undefined> {
  if (rest === '' || rest === '/') {
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>API reference</title>
<link rel="stylesheet" href="${base}/assets/swagger-ui.css">
<style>body { margin: 0; }</style>
</head>
<body>
<div id="reference">Loading the API reference…</div>
<script src="${base}/assets/swagger-ui-bundle.js"></script>
<script src="${base}/assets/swagger-ui-standalone-preset.js"></script>
<script>
  window.ui = SwaggerUIBundle({ url: ${JSON.stringify(contractUrl)}, dom_id: '#reference', deepLinking: true, presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout', validatorUrl: null })
</script>
</body>
</html>
`
    return { type: 'text/html; charset=utf-8', body: Buffer.from(html) }
  }
  const m = /^\/assets\/([\w.-]+)$/.exec(rest)
  const type = m ? ASSETS[m[1]] : undefined
  if (!m || !type) return undefined
  let body = cache.get(m[1])
  if (!body) {
    body = await readFile(path.join(path.dirname(require.resolve('swagger-ui-dist/package.json')), m[1]))
    cache.set(m[1], body)
  }
  return { type, body }
}
