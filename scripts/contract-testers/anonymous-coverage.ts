/**
 * The Schemathesis configuration of an anonymous run (schemathesis.ts): the shared `schemathesis.toml` and, for
 * each operation the app's access refuses an anonymous caller whatever it sends, its coverage phase switched off.
 *
 * Why: the server answers such a call 401 before it reads the input ("a malformed query or body is described only
 * to a caller the operation's access lets in", server/http/dispatch.ts), so each of the coverage phase's boundary
 * and negative cases (about 200 per write operation) meets the same refusal. That refusal is still checked for
 * every such operation by the anonymous run's examples, fuzzing and stateful phases, and by the suite
 * (test/http/http-level.test.ts); the inputs themselves are covered by the authenticated run, whose caller gets
 * past access. Which operations: those whose action the app's own access answer (`cms.access` for an anonymous
 * request, the decision GET /api/access serves) denies outright; an action allowed with a Where, custom endpoints,
 * auth and orders operations keep the coverage phase. The list is printed with each run (docs/contracts.md);
 * test/http/anonymous-refusals.test.ts holds the premise.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { KINDS, type OperationKind } from '../../server/config/kinds.ts'
import type { Cms } from '../../server/local/cms.ts'

type Operation = {
  operationId?: string
  'x-cms'?: { kind?: OperationKind; collection?: string; global?: string }
}
type Decisions = Record<string, Record<string, { permission?: boolean } | undefined> | undefined>

/** The operationIds of `contract` (what `cms` serves) whose action the anonymous caller may never perform. */
export async function refusedToAnonymous(
  cms: Cms,
  contract: Record<string, unknown>,
): Promise<string[]> {
  const paths = contract.paths as Record<string, Record<string, Operation>>
  const { collections = {}, globals = {} } = (await cms.access({ raw: true })) as {
    collections?: Decisions
    globals?: Decisions
  }
  const refused: string[] = []
  for (const item of Object.values(paths))
    for (const op of Object.values(item)) {
      const meta = op['x-cms']
      // The access function the operation's kind runs (the table refuseIfDenied reads, server/config/kinds.ts)
      const facts = meta?.kind ? KINDS[meta.kind] : undefined
      const action = facts && 'access' in facts ? facts.access : undefined
      if (!op.operationId || !action) continue
      const decisions = meta?.global ? globals[meta.global] : collections[meta?.collection ?? '']
      if (decisions?.[action]?.permission === false) refused.push(op.operationId)
    }
  return refused.sort()
}

/** Writes `base` (a schemathesis.toml) with the coverage phase off for `operationIds` to `file`. */
export async function writeConfig(
  base: string,
  operationIds: string[],
  file: string,
): Promise<void> {
  const overrides = operationIds.map(
    (id) =>
      `\n[[operations]]\ninclude-operation-id = ${JSON.stringify(id)}\nphases.coverage.enabled = false\n`,
  )
  await writeFile(file, (await readFile(base, 'utf8')) + overrides.join(''))
}
