import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import { refusedToAnonymous } from '../../scripts/contract-testers/anonymous-coverage.ts'
import { MALFORMED_JSON, useServer } from '../helpers/http.ts'

/**
 * The premise of the Schemathesis anonymous run's bound (docs/contracts.md, "Schemathesis"): an operation whose
 * action the app's access denies an anonymous caller outright answers it 401 whatever it sends (a malformed id, a
 * malformed query, a body that is not JSON, nothing), so the coverage phase's inputs there would all meet the same
 * refusal. The operations an anonymous caller may reach keep their coverage phase.
 */
const s = useServer(test, exampleConfig, async (cms) => {
  await cms.config.seed!(cms)
})

test('the operations access refuses an anonymous caller are listed, the ones it may reach are not', async (t) => {
  const refused = await refusedToAnonymous(s.cms, s.server.document)
  for (const id of ['createPost', 'updatePosts', 'deletePost', 'duplicatePost', 'findUsers'])
    t.true(refused.includes(id), id)
  for (const id of ['findPosts', 'findPostByID', 'countPosts', 'loginUser', 'registerFirstUser'])
    t.false(refused.includes(id), id)
})

test('each of them answers an anonymous caller 401 whatever it sends', async (t) => {
  const refused = new Set(await refusedToAnonymous(s.cms, s.server.document))
  const paths = s.server.document.paths as Record<string, Record<string, { operationId: string }>>
  const api = s.cms.config.routes.api
  let sent = 0
  for (const [template, item] of Object.entries(paths))
    for (const [method, op] of Object.entries(item)) {
      if (!refused.has(op.operationId)) continue
      const withId = template.replace(/\{[^}]+\}/g, '1')
      const variants = [
        { path: template.replace(/\{[^}]+\}/g, 'not-an-id'), raw: '{"unknown":1}' },
        { path: `${withId}?where=%7Bbroken&limit=-5&depth=x`, raw: 'not json' },
        { path: withId, raw: undefined },
      ]
      for (const { path, raw } of variants) {
        const r = await s.request(method.toUpperCase(), api + path, {
          raw: method === 'get' ? undefined : raw,
          headers: raw && method !== 'get' ? { 'content-type': 'application/json' } : {},
          invalid: 'malformed input sent anonymously to an operation access refuses',
          direct: raw === 'not json' && method !== 'get' ? MALFORMED_JSON : undefined,
        })
        t.is(r.status, 401, `${method.toUpperCase()} ${path}: ${r.text.slice(0, 200)}`)
        sent++
      }
    }
  t.true(sent >= 150, `${sent} requests`)
})
