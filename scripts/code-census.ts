/**
 * `node scripts/code-census.ts [dir]`: the measures issue 32 set targets for, counted on the AST of every .ts file
 * under `dir` (default server/): `as` casts (without `as const`), non-null assertions, and the files with most.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const dir = process.argv[2] ?? 'server'
const files: string[] = []
const walk = (d: string) => {
  for (const e of readdirSync(d)) {
    const f = path.join(d, e)
    if (statSync(f).isDirectory()) walk(f)
    else if (f.endsWith('.ts')) files.push(f)
  }
}
walk(dir)

const rows: { file: string; casts: number; nonNull: number }[] = []
for (const file of files) {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const row = { file: path.relative(dir, file), casts: 0, nonNull: 0 }
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) && node.type.getText(sf) !== 'const') row.casts++
    if (ts.isTypeAssertionExpression(node)) row.casts++
    if (ts.isNonNullExpression(node)) row.nonNull++
    ts.forEachChild(node, visit)
  }
  visit(sf)
  rows.push(row)
}
const sum = (k: 'casts' | 'nonNull') => rows.reduce((n, r) => n + r[k], 0)
console.log(`${files.length} files, ${sum('casts')} casts, ${sum('nonNull')} non-null assertions`)
for (const r of rows.sort((a, b) => b.casts + b.nonNull - a.casts - a.nonNull).slice(0, 15))
  console.log(`${String(r.casts).padStart(4)} ${String(r.nonNull).padStart(4)}  ${r.file}`)
