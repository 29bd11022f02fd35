/**
 * Builds the admin web app (`admin/src`) into `admin/dist`: one ES module entry with its lazily loaded chunks
 * (the rich-text editor), one stylesheet and `index.html`, all with hashed names, from npm packages only.
 * `npm install` runs it (postinstall) and `npm run build:admin` runs it again. It reports the gzipped size of
 * the JavaScript a first visit loads (the entry and the chunks it imports statically) in `dist/build.json`.
 */
import { build } from 'esbuild'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { readFileSync } from 'node:fs'

const root = path.dirname(new URL(import.meta.url).pathname)
export const distDir = path.join(root, 'dist')

export interface BuildReport {
  entry: string
  css: string[]
  initialJsBytes: number
  initialJsGzipBytes: number
  lazyJsGzipBytes: number
  builtAt: string
}

/** The `<script>`/`<link>` of the app; no inline script or style (the page's CSP allows neither). */
const page = (entry: string, css: string[]) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Admin</title>
${css.map((c) => `<link rel="stylesheet" href="./assets/${c}">`).join('\n')}
<script type="module" src="./assets/${entry}"></script>
</head>
<body><div id="root"></div><noscript>The admin needs JavaScript.</noscript></body>
</html>
`

export async function buildAdmin(): Promise<BuildReport> {
  await rm(distDir, { recursive: true, force: true })
  await mkdir(path.join(distDir, 'assets'), { recursive: true })
  const result = await build({
    entryPoints: [path.join(root, 'src/main.tsx')],
    outdir: path.join(distDir, 'assets'),
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    sourcemap: false,
    target: 'es2022',
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
  })
  const outputs = result.metafile.outputs
  const entryOut = Object.entries(outputs).find(([, o]) => o.entryPoint?.endsWith('main.tsx'))
  if (!entryOut) throw new Error('admin build: no entry output')
  const name = (p: string) => path.basename(p)
  const initial = new Set<string>([entryOut[0]])
  const walk = (file: string) => {
    for (const imp of outputs[file]?.imports ?? [])
      if (imp.kind === 'import-statement' && !initial.has(imp.path)) {
        initial.add(imp.path)
        walk(imp.path)
      }
  }
  walk(entryOut[0])
  const gz = (file: string) => gzipSync(readFileSync(file)).length
  const js = Object.keys(outputs).filter((f) => f.endsWith('.js'))
  const css = Object.keys(outputs)
    .filter((f) => f.endsWith('.css'))
    .map(name)
  const report: BuildReport = {
    entry: name(entryOut[0]),
    css,
    initialJsBytes: [...initial].reduce((n, f) => n + readFileSync(f).length, 0),
    initialJsGzipBytes: [...initial].reduce((n, f) => n + gz(f), 0),
    lazyJsGzipBytes: js.filter((f) => !initial.has(f)).reduce((n, f) => n + gz(f), 0),
    builtAt: new Date().toISOString(),
  }
  await writeFile(path.join(distDir, 'index.html'), page(report.entry, css))
  await writeFile(path.join(distDir, 'build.json'), JSON.stringify(report, null, 2))
  return report
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await buildAdmin()
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  console.log(
    `admin built: initial JavaScript ${kb(report.initialJsBytes)} (${kb(report.initialJsGzipBytes)} gzipped), lazily loaded ${kb(report.lazyJsGzipBytes)} gzipped`,
  )
}
