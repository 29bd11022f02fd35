import test from 'ava'
import type { CollectionHookArgs, Config } from '../../server/config/types.ts'
import { ServiceUnavailable } from '../../server/errors/index.ts'
import { dialectName } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'

/**
 * A write whose database connection is lost (MariaDB): killed while its transaction's body runs, it is run again
 * from the start on another connection (nothing of it was applied); killed at the end of the body, so that the
 * COMMIT that follows meets a dead connection, its outcome is unknown to the CMS: it is not run again (it could
 * apply twice) and answers 503 (REST: the error body, `data.reason` "commitOutcomeUnknown"; GraphQL: the
 * SERVICE_UNAVAILABLE code; Local: a ServiceUnavailable). The connection is killed with `KILL CONNECTION` of the
 * CMS's own connection id, from a hook, through another connection of the pool.
 */
const mysql = dialectName === 'mysql' ? test.serial : test.skip

/** Titles whose write gets its connection killed once: in the body (afterChange) or just before COMMIT. */
const killInBody = new Set<string>()
const killAtCommit = new Set<string>()
/** How many times each title's afterChange ran (a retried transaction runs its hooks again). */
const runs = new Map<string, number>()

async function killOwnConnection({ req }: CollectionHookArgs): Promise<void> {
  const tx = req.transaction!
  const [row] = await tx.all<{ id: number }>('SELECT CONNECTION_ID() AS id')
  await s.cms.db.run(`KILL CONNECTION ${Number(row!.id)}`)
}

const config: Config = {
  collections: [
    {
      slug: 'notes',
      access: { create: () => true, read: () => true, update: () => true },
      fields: [{ name: 'title', type: 'text', required: true }],
      hooks: {
        afterChange: [
          async (args) => {
            const title = String((args.doc as { title: string }).title)
            runs.set(title, (runs.get(title) ?? 0) + 1)
            if (killInBody.delete(title)) {
              await killOwnConnection(args)
              // The body goes on: its next statement meets the dead connection.
              await args.req.transaction!.all('SELECT 1')
            }
          },
        ],
        // The last thing of the transaction: knex sends COMMIT right after it.
        afterOperation: [
          async (args) => {
            const title = (args.result as { title?: string } | undefined)?.title
            if (title !== undefined && killAtCommit.delete(title)) await killOwnConnection(args)
            return args.result
          },
        ],
      },
    },
  ],
}

const s = useServer(test, config)

const count = async (title: string) =>
  (await s.cms.count({ collection: 'notes', where: { title: { equals: title } } })).totalDocs

mysql(
  'a connection lost before COMMIT: the transaction runs again, hooks included, and the document is stored once',
  async (t) => {
    killInBody.add('retried')
    const r = await s.request('POST', '/api/notes', { body: { title: 'retried' } })
    t.is(r.status, 201, JSON.stringify(r.body))
    t.is(r.body.doc.title, 'retried')
    t.is(runs.get('retried'), 2, 'the killed try, then the one that committed')
    t.is(await count('retried'), 1)
  },
)

mysql(
  'REST: a connection lost at COMMIT answers 503 commitOutcomeUnknown, and the write is not run again',
  async (t) => {
    killAtCommit.add('unknown-rest')
    const r = await s.request('POST', '/api/notes', { body: { title: 'unknown-rest' } })
    t.is(r.status, 503)
    t.deepEqual(r.body, {
      errors: [
        {
          name: 'ServiceUnavailable',
          message:
            'The database connection was lost while this write was being committed: it may or may not have been applied. Read the data back before sending it again.',
          data: { reason: 'commitOutcomeUnknown' },
        },
      ],
    })
    t.is(runs.get('unknown-rest'), 1, 'not retried')
    // Killed before the server saw COMMIT, so here it was rolled back; in general at most once.
    t.is(await count('unknown-rest'), 0)
    // The pool dropped the dead connection: the next write succeeds.
    const next = await s.request('POST', '/api/notes', { body: { title: 'after' } })
    t.is(next.status, 201)
  },
)

mysql(
  'GraphQL: a connection lost at COMMIT is an error with the SERVICE_UNAVAILABLE code',
  async (t) => {
    killAtCommit.add('unknown-graphql')
    const r = await s.request('POST', '/api/graphql', {
      body: { query: 'mutation { createNote(data: { title: "unknown-graphql" }) { id title } }' },
    })
    t.is(r.status, 200)
    t.is(r.body.data?.createNote ?? null, null)
    t.like(r.body.errors[0], {
      message:
        'The database connection was lost while this write was being committed: it may or may not have been applied. Read the data back before sending it again.',
      extensions: {
        code: 'SERVICE_UNAVAILABLE',
        status: 503,
        data: { reason: 'commitOutcomeUnknown' },
      },
    })
    t.is(runs.get('unknown-graphql'), 1)
    t.is(await count('unknown-graphql'), 0)
  },
)

mysql('Local API: a connection lost at COMMIT rejects with a ServiceUnavailable', async (t) => {
  killAtCommit.add('unknown-local')
  const error = await t.throwsAsync(
    s.cms.create({ collection: 'notes', data: { title: 'unknown-local' } }),
  )
  t.true(error instanceof ServiceUnavailable)
  t.is((error as ServiceUnavailable).reason, 'commitOutcomeUnknown')
  t.is((error as ServiceUnavailable).status, 503)
  t.is(runs.get('unknown-local'), 1)
  t.is(await count('unknown-local'), 0)
})
