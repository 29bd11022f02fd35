import type { loadConfig as loadConfigFn } from '../../config/load.ts'
import type { getCms as getCmsFn } from '../get-cms.ts'
import { ImportError, importPayload, type ImportOptions } from './run.ts'

const USAGE =
  'Usage: cms import-payload --from <sqlite:file | postgres://…> [--write] [--resume] [--accept-mismatches] [--files <upload slug>=<dir>]… [--sample <n>]'

/** The options of `cms import-payload`, or a usage error. */
export function parseImportArgs(args: string[]): ImportOptions | string {
  const options: ImportOptions = { from: '', files: {} }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    const value = () => args[++i] ?? ''
    if (arg === '--from') options.from = value()
    else if (arg === '--write') options.write = true
    else if (arg === '--dry-run') options.write = false
    else if (arg === '--resume') options.resume = options.write = true
    else if (arg === '--accept-mismatches') options.acceptMismatches = true
    else if (arg === '--sample') {
      const n = Number(value())
      if (!Number.isInteger(n) || n < 0) return `--sample takes a whole number. ${USAGE}`
      options.sample = n
    } else if (arg === '--files') {
      const m = /^([^=]+)=(.+)$/.exec(value())
      if (!m) return `--files takes <upload collection slug>=<directory>. ${USAGE}`
      options.files![m[1]] = m[2]
    } else return `Unknown argument "${arg}". ${USAGE}`
  }
  if (!options.from) return `--from is required. ${USAGE}`
  return options
}

/** `cms import-payload`: 0 when it ran clean, 1 on a problem (named), 2 on bad arguments. */
export async function importCommand(
  args: string[],
  loadConfig: typeof loadConfigFn,
  getCms: typeof getCmsFn,
): Promise<number> {
  const options = parseImportArgs(args)
  if (typeof options === 'string') {
    console.error(options)
    return 2
  }
  const cms = await getCms({ config: await loadConfig(), cron: false })
  try {
    const report = await importPayload(cms, { ...options, log: (line) => console.log(line) })
    if (!options.write) {
      console.log(`Dry run: nothing written. Re-run with --write to import.`)
      return 0
    }
    console.log(
      report.problems.length
        ? `Imported with ${report.problems.length} problem(s) above.`
        : 'Imported; counts and the sampled documents match.',
    )
    return report.problems.length ? 1 : 0
  } catch (error) {
    if (!(error instanceof ImportError)) throw error
    console.error(error.message)
    return 1
  } finally {
    await cms.destroy()
  }
}
