/** `cms.jobs`: Payload's `payload.jobs` (docs/jobs.md), and the autoRun schedules of this process. */
import type { Cron } from 'croner'
import type { JobsApi, QueueJobArgs, RunJobsArgs } from '../../config/jobs.ts'
import type { CmsRequest, ID, Where } from '../../config/types.ts'
import type { Cms } from '../cms.ts'
import { startAutoRun } from './auto-run.ts'
import { cancelJobs } from './cancel.ts'
import { checkJobDocument, queueJob } from './queue.ts'
import { runJobs } from './run.ts'

type Scope = { req?: Partial<CmsRequest>; overrideAccess?: boolean }

export class Jobs implements JobsApi {
  readonly #cms: Cms
  #crons: Cron[] = []
  readonly #running = new Set<Promise<unknown>>()

  constructor(cms: Cms) {
    this.#cms = cms
  }

  queue = (args: QueueJobArgs) => queueJob(this.#cms, args)
  run = (args: RunJobsArgs = {}) => runJobs(this.#cms, args)
  runByID = (args: { id: ID } & Scope) => runJobs(this.#cms, args)
  cancel = (args: { where: Where; queue?: string } & Scope) => cancelJobs(this.#cms, args)
  cancelByID = (args: { id: ID } & Scope) => cancelJobs(this.#cms, args)
  checkJob = (data: Record<string, unknown>, req: CmsRequest) =>
    checkJobDocument(this.#cms, data, req)

  /** Starts the autoRun schedules (getCms does, unless `cron: false`). */
  async start(): Promise<void> {
    this.stopSchedules()
    this.#crons = await startAutoRun(this.#cms, (p) => {
      this.#running.add(p)
      void p.finally(() => this.#running.delete(p))
    })
  }

  stopSchedules(): void {
    for (const cron of this.#crons) cron.stop()
    this.#crons = []
  }

  /** Stops the schedules and waits for the ticks still running. */
  async stop(): Promise<void> {
    this.stopSchedules()
    await Promise.allSettled([...this.#running])
  }
}
