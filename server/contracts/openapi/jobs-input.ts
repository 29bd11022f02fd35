/**
 * What a create of `payload-jobs` takes beyond its fields (server/local/jobs/queue.ts, `checkJobDocument`):
 * exactly one of `taskSlug` and `workflowSlug`, naming a configured task or workflow, and an `input` that passes
 * that task's or workflow's `inputSchema`. An empty slug counts as none, as the server reads it. Keys of `input`
 * that the `inputSchema` does not name are kept (Payload stores the input as JSON), so the input is open.
 * Found by Schemathesis: `{}` was a schema-valid body the server refuses.
 *
 * Written as `if`/`then` rules rather than a `oneOf` of bodies, so a refused body is answered field by field
 * (`taskSlug` is not a configured task, `input.text` is required), as Payload's select field answers it.
 */
import type { FlattenedField, SanitizedConfig } from '../../config/types.ts'
import { fieldsSchema, type Schema, type SchemaContext } from '../schemas.ts'

/** No slug: absent, null or empty. */
const NONE = { enum: [null, ''] }
const NAMED = { type: 'string', minLength: 1 }

/** The input of one task or workflow, where the body names it. */
function inputRule(
  key: 'taskSlug' | 'workflowSlug',
  slug: string,
  fields: FlattenedField[],
  ctx: SchemaContext,
): Schema {
  const { additionalProperties: _open, ...input } = fieldsSchema(
    fields,
    'input',
    { ...ctx, operation: 'create' },
    false,
  )
  // Without required input fields, a missing or null input reads as `{}`.
  const needed = Boolean(input.required?.length)
  return {
    if: { properties: { [key]: { const: slug } }, required: [key] },
    then: {
      properties: { input: needed ? input : { anyOf: [input, { type: 'null' }] } },
      ...(needed ? { required: ['input'] } : {}),
    },
  }
}

/** The `allOf` rules of a `payload-jobs` create body (see the module comment); none without a jobs queue. */
export function jobCreateRules(config: SanitizedConfig, ctx: SchemaContext): Schema[] {
  const jobs = config.jobsQueue
  if (!jobs) return []
  const tasks = [...jobs.tasks.keys()]
  const workflows = [...jobs.workflows.keys()]
  const one: Schema = {
    if: { properties: { taskSlug: NAMED }, required: ['taskSlug'] },
    then: { properties: { taskSlug: tasks.length ? { enum: tasks } : NONE, workflowSlug: NONE } },
    else: workflows.length
      ? { properties: { workflowSlug: { enum: workflows } }, required: ['workflowSlug'] }
      : { properties: { taskSlug: NAMED }, required: ['taskSlug'] },
  }
  return [
    one,
    ...[...jobs.tasks].map(([slug, t]) => inputRule('taskSlug', slug, t.inputFields, ctx)),
    ...[...jobs.workflows].map(([slug, w]) => inputRule('workflowSlug', slug, w.inputFields, ctx)),
  ]
}
