import type { SanitizedConfig } from '../config/types.ts'
import { schemaHidden } from './exposure.ts'
import { assetFor, securePage, type PackageAsset, type Page } from './package-assets.ts'

/**
 * The API reference page: Swagger UI (from the `swagger-ui-dist` package, served by this server; no CDN)
 * rendering the contract at `<api>/openapi.json`. Served with the contract: outside production, or in production
 * with `graphQL.disableIntrospectionInProduction: false` (exposure.ts); `apiDocs.disable: true` turns it off
 * everywhere.
 */
const ASSETS: Record<string, PackageAsset> = {
  'swagger-ui.css': {
    pkg: 'swagger-ui-dist',
    file: 'swagger-ui.css',
    type: 'text/css; charset=utf-8',
  },
  'swagger-ui-bundle.js': {
    pkg: 'swagger-ui-dist',
    file: 'swagger-ui-bundle.js',
    type: 'text/javascript; charset=utf-8',
  },
  'swagger-ui-standalone-preset.js': {
    pkg: 'swagger-ui-dist',
    file: 'swagger-ui-standalone-preset.js',
    type: 'text/javascript; charset=utf-8',
  },
}

export function apiDocsEnabled(config: SanitizedConfig): boolean {
  return !config.apiDocs?.disable && !schemaHidden(config.graphQL)
}

export async function apiDocs(
  rest: string,
  base: string,
  contractUrl: string,
): Promise<Page | undefined> {
  if (rest === '' || rest === '/') {
    // Tags folded and models closed: Swagger UI 5 stops rendering a contract this size with every tag unfolded.
    const script = `
  window.ui = SwaggerUIBundle({ url: ${JSON.stringify(contractUrl)}, dom_id: '#reference', deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: -1, presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout', validatorUrl: null })
`
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
<script>${script}</script>
</body>
</html>
`
    return securePage(html, script)
  }
  return assetFor(rest, ASSETS)
}
