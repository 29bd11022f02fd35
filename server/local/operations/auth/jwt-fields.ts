import { isRecord } from '../../../utilities/is-record.ts'
import type { FlattenedField } from '../../../config/types.ts'
import { someField } from '../../../config/fields.ts'
import { selectById } from '../../../db/store.ts'
import type { Executor } from '../../../db/database.ts'
import { createSession } from '../../../db/stores/sessions.ts'
import { signToken } from '../../../auth/tokens.ts'
import type { Cms } from '../../cms.ts'
import { readDocs } from '../../read.ts'
import { createLocalReq } from '../../request.ts'
import type { AuthCollection } from './shared.ts'

const signs = (f: FlattenedField) => {
  const v = 'saveToJWT' in f ? f.saveToJWT : undefined
  return v !== undefined && v !== null && v !== false
}

/**
 * The claims of user `id`'s `saveToJWT` fields, as Payload's `getFieldsToSign`: a field's value under its name (or
 * the claim name `saveToJWT` gives); a signed group or named tab is one claim holding the group, in which children
 * with `saveToJWT: false` are left out and children with a claim name are renamed; the signed children of a group
 * that is not signed are lifted to the level above. Values as stored (depth 0, read access ignored).
 */
export async function jwtFields(
  cms: Cms,
  c: AuthCollection,
  id: number,
  ex: Executor = cms.db,
): Promise<Record<string, unknown>> {
  if (!someField(c.flatFields, signs)) return {}
  const stored = await selectById(ex, cms.queryContext(), c, id)
  if (!stored) return {}
  const req = createLocalReq(cms, {})
  const [user] = await readDocs(cms, c, [stored], req, {
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
  })
  const out: Record<string, unknown> = {}
  collect(c.flatFields, user, out)
  return out
}

function collect(
  fields: FlattenedField[],
  data: Record<string, unknown>,
  out: Record<string, unknown>,
) {
  for (const f of fields) {
    const value = 'saveToJWT' in f ? f.saveToJWT : undefined
    if (f.type === 'group') {
      const inData = data[f.name]
      const group = isRecord(inData) ? inData : {}
      if (!signs(f)) {
        collect(f.fields, group, out)
        continue
      }
      const claim: Record<string, unknown> = { ...group }
      collect(f.fields, group, claim)
      out[typeof value === 'string' ? value : f.name] = claim
    } else if (signs(f)) {
      if (typeof value === 'string') delete out[f.name]
      out[typeof value === 'string' ? value : f.name] = data[f.name] ?? null
    } else if (value === false) delete out[f.name]
  }
}

/**
 * Opens a session for user `id` and signs its token (with the user's `saveToJWT` fields), in transaction `tx`:
 * what login, first-register and reset-password hand out. The token ends when the session does.
 */
export async function openSession(
  cms: Cms,
  c: AuthCollection,
  id: number,
  tx: Executor,
): Promise<{ token: string; exp: number }> {
  const { sid, seconds } = await createSession(tx, c.slug, id, c.auth)
  return signToken(
    cms.config,
    { id, collection: c.slug, sid },
    seconds,
    await jwtFields(cms, c, id, tx),
  )
}
