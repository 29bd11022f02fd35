/**
 * Issue 55: Payload 3.x's `templates/blank` (test/fixtures/payload-projects/blank, its sources unchanged but the
 * database adapter line) moves in: `cms start` serves it (check-config: test/config/payload-projects), the first
 * user registers, a media file with its required alt uploads, reads back at depth 2, and GraphQL lists in
 * Payload's naming.
 */
import test from 'ava'
import sharp from 'sharp'
import { startProject } from './project.ts'

test('templates/blank: first user, a media upload, a read at depth 2, GraphQL in Payload’s naming', async (t) => {
  const project = await startProject('blank')
  try {
    const first = await project.call('POST', '/users/first-register', {
      email: 'dev@example.com',
      password: 'a-long-test-password',
    })
    t.is(first.status, 200, JSON.stringify(first.body))
    const token: string = first.body.token
    const png = await sharp({
      create: { width: 8, height: 6, channels: 3, background: '#0a8' },
    })
      .png()
      .toBuffer()
    const file = new Blob([new Uint8Array(png)], { type: 'image/png' })
    const refused = await project.upload('/media', file, 'square.png', {}, token)
    t.is(refused.status, 400, 'alt is required')
    const made = await project.upload('/media', file, 'square.png', { alt: 'A square' }, token)
    t.is(made.status, 201, JSON.stringify(made.body))
    t.like(made.body.doc, { alt: 'A square', filename: 'square.png', mimeType: 'image/png' })
    const read = await project.call('GET', `/media/${made.body.doc.id}?depth=2`)
    t.is(read.status, 200)
    t.is(read.body.width, 8)
    const served = await fetch(new URL(read.body.url, project.api))
    t.is(served.status, 200)
    t.is(served.headers.get('content-type'), 'image/png')
    const listed = await project.graphql(
      '{ Users { docs { email } } allMedia { docs { alt filename } } }',
      token,
    )
    t.deepEqual(listed.body, {
      data: {
        Users: { docs: [{ email: 'dev@example.com' }] },
        allMedia: { docs: [{ alt: 'A square', filename: 'square.png' }] },
      },
    })
  } finally {
    await project.stop()
  }
})
