/** The tables of the jobs queue's config objects: `jobs`, its tasks, workflows, autoRun entries and access. */
import type { AutoRunEntry, JobsConfig, RetryConfig, TaskConfig, WorkflowConfig } from '../jobs.ts'
import * as refused from '../unsupported.ts'
import { I, type Implemented, type OptionTable } from './table.ts'

type RetryObject = Exclude<RetryConfig, number>

export const JOBS_TABLES = {
  jobs: {
    of: 'jobs',
    implemented: {
      tasks: I,
      workflows: I,
      autoRun: I,
      shouldAutoRun: I,
      deleteJobOnComplete: I,
      access: I,
    } satisfies Implemented<JobsConfig>,
    refused: refused.jobsRefusals,
  },
  jobsAccess: {
    of: 'jobs.access',
    implemented: { run: I, queue: I, cancel: I, read: I } satisfies Implemented<
      NonNullable<JobsConfig['access']>
    >,
    refused: {},
  },
  jobsTask: {
    of: 'a task',
    implemented: {
      slug: I,
      handler: I,
      inputSchema: I,
      outputSchema: I,
      retries: I,
      label: I,
      onSuccess: I,
      onFail: I,
    } satisfies Implemented<TaskConfig>,
    refused: refused.taskRefusals,
  },
  jobsWorkflow: {
    of: 'a workflow',
    implemented: {
      slug: I,
      handler: I,
      inputSchema: I,
      retries: I,
      queue: I,
      label: I,
    } satisfies Implemented<WorkflowConfig>,
    refused: refused.taskRefusals,
  },
  jobsRetries: {
    of: 'retries',
    implemented: { attempts: I, backoff: I } satisfies Implemented<RetryObject>,
    refused: {},
  },
  jobsAutoRun: {
    of: 'an autoRun entry',
    implemented: { cron: I, limit: I, queue: I } satisfies Implemented<AutoRunEntry>,
    refused: {},
  },
} as const satisfies Record<string, OptionTable>
