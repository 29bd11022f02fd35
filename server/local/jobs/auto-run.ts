/**
 * `jobs.autoRun`: each schedule is a croner job in this process (every server runs its own; claiming keeps them
 * from running one job twice). A tick still running when the next comes is skipped (`protect`), and
 * `jobs.shouldAutoRun` is asked before each.
 */
import { Cron } from 'croner'
import type { AutoRunEntry } from '../../config/jobs.ts'
import { checkAutoRunEntry } from '../../config/sanitize/jobs.ts'
import type { Cms } from '../cms.ts'

export async function startAutoRun(
  cms: Cms,
  track: (p: Promise<unknown>) => void,
): Promise<Cron[]> {
  const jobs = cms.config.jobsQueue
  if (!jobs?.autoRun) return []
  let entries: AutoRunEntry[]
  if (typeof jobs.autoRun === 'function') {
    entries = await jobs.autoRun(cms)
    if (!Array.isArray(entries))
      throw new Error('jobs.autoRun() must answer an array of { cron, limit?, queue? }.')
    entries.forEach((e, i) => checkAutoRunEntry(e, `jobs.autoRun()[${i}]`))
  } else entries = jobs.autoRun
  const tick = async (entry: AutoRunEntry) => {
    if (jobs.shouldAutoRun && !(await jobs.shouldAutoRun(cms))) return
    await cms.jobs.run({ queue: entry.queue ?? 'default', limit: entry.limit ?? 10 })
  }
  return entries.map(
    (entry) =>
      new Cron(entry.cron, { protect: true }, () => {
        const running = tick(entry).catch((err: unknown) =>
          cms.logger.error({ err, queue: entry.queue ?? 'default' }, 'jobs autoRun failed'),
        )
        track(running)
        return running
      }),
  )
}
