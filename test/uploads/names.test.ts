/**
 * Issue 54, finding 9: a stored name tells a caller nothing about files they may not read. Whoever may read every
 * document of the collection gets Payload's numbering (`a.png`, `a-1.png`); anyone else always gets a random
 * suffix, whether the name was taken or not (docs/uploads.md, "Names").
 */
import test from 'ava'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { defineConfig } from '../../server/config/define-config.ts'
import { useServer } from '../helpers/http.ts'

const s = useServer(
  test,
  defineConfig({
    secret: 'Tq8-upload-names-test-secret-of-32+-bytes',
    collections: [
      {
        slug: 'users',
        auth: true,
        fields: [{ name: 'role', type: 'select', options: ['admin', 'member'] }],
      },
      {
        slug: 'private',
        access: {
          read: ({ req }) =>
            req.user?.role === 'admin'
              ? true
              : req.user
                ? { owner: { equals: req.user.id } }
                : false,
          create: ({ req }) => Boolean(req.user),
        },
        upload: { staticDir: await mkdtemp(path.join(tmpdir(), 'cms-names-')) },
        fields: [{ name: 'owner', type: 'number' }],
      },
    ],
  }),
  async (cms) => {
    const users: Record<string, { id: number; role: string; collection: string }> = {}
    for (const [name, role] of [
      ['alice', 'member'],
      ['bob', 'member'],
      ['root', 'admin'],
    ]) {
      const u = await cms.create({
        collection: 'users',
        data: { email: `${name}@example.com`, password: `${name}-password`, role },
      } as never)
      users[name] = { ...(u as { id: number }), role, collection: 'users' }
    }
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#09f' } })
      .png()
      .toBuffer()
    return { users, png }
  },
)

const upload = (who: string, name: string) =>
  s.cms.create({
    collection: 'private',
    data: { owner: s.data.users[who].id },
    file: { data: s.data.png, name },
    overrideAccess: false,
    user: s.data.users[who],
  } as never) as unknown as Promise<{ filename: string }>

test.serial(
  'a member cannot tell from the stored name whether someone else holds it',
  async (t) => {
    const mine = await upload('alice', 'alice-secret.png')
    t.regex(mine.filename, /^alice-secret-[0-9a-f]{8}\.png$/)
    // Alice's file holds exactly that name now: Bob's upload of it looks like one of a name nobody holds.
    const stored = (
      await s.cms.create({
        collection: 'private',
        data: { owner: s.data.users.alice.id },
        file: { data: s.data.png, name: 'taken.png' },
      })
    ).filename
    t.is(stored, 'taken.png')
    const clash = await upload('bob', 'taken.png')
    const fresh = await upload('bob', 'nobody-has-this.png')
    t.regex(clash.filename, /^taken-[0-9a-f]{8}\.png$/)
    t.regex(fresh.filename, /^nobody-has-this-[0-9a-f]{8}\.png$/)
  },
)

test.serial(
  'who reads every document gets the names numbered as Payload numbers them',
  async (t) => {
    const first = await upload('root', 'report.png')
    const second = await upload('root', 'report.png')
    t.deepEqual([first.filename, second.filename], ['report.png', 'report-1.png'])
    // The Local API without a user skips access, so it numbers too.
    const local = await s.cms.create({
      collection: 'private',
      data: {},
      file: { data: s.data.png, name: 'report.png' },
    })
    t.is(local.filename, 'report-2.png')
  },
)
