export interface RunSummary {
  text: string
  failures: number
  error?: string
}
export function summarise(r: {
  app: string
  caller: string
  code: number
  output: string
  ndjson: string
  seconds: number
  dir: string
}): RunSummary {
  return { text: r.output.slice(-3000) + `\n${r.seconds}s`, failures: r.code }
}
