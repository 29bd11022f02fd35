/**
 * Issue 31, class 2: a join field's `page` has the same maximum as a list's (the offset stays a safe integer):
 * past it a 400 naming the option, at it an empty page on both databases; the contract's joins schema says so.
 */
import test from 'ava'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { maxPage } from '../../server/local/params.ts'
import { joinsConfig, seedJoins } from '../fixtures/joins.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

const s = useCms(test, joinsConfig, seedJoins)

test('a join page past the maximum is a 400 naming it; the maximum itself is an empty page', async (t) => {
  const max = maxPage(s.cms.config.maxLimit)
  const id = s.data.cats[0].id
  const joined = (page: number, limit = 1000) =>
    s.cms.findByID({
      collection: 'categories',
      id,
      depth: 0,
      joins: { posts: { page, limit } },
    }) as Promise<Record<string, any>>
  for (const page of [max + 1, 2 ** 62]) {
    const error = await rejectsWith(t, joined(page), 'BadRequest', 400)
    t.regex(error.message, new RegExp(`posts\\.page must be an integer from 1 to ${max}`))
  }
  t.deepEqual((await joined(max)).posts, { docs: [], hasNextPage: false })
  t.is((await joined(1)).posts.docs.length, 3)
  const schema = (compileOpenAPI(s.cms.config) as any).components.schemas.CategoryJoins
  t.is(schema.anyOf[1].properties.posts.anyOf[1].properties.page.maximum, max)
})

test('find refuses a page past the maximum naming page; the maximum itself is an empty page', async (t) => {
  const max = maxPage(s.cms.config.maxLimit)
  const error = await rejectsWith(
    t,
    s.cms.find({ collection: 'posts', page: max + 1 }),
    'BadRequest',
    400,
  )
  t.deepEqual((error.data as { path: string }[])[0].path, 'page')
  t.like(await s.cms.find({ collection: 'posts', page: max, limit: 1000 }), {
    docs: [],
    page: max,
    totalDocs: 125,
  })
})
