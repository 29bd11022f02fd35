/**
 * The config `npm run bench:attack` serves (bench/attack.ts): the surfaces of issue 54's cost findings, open to
 * anonymous callers so each attacker needs no login: array and blocks rows, rich text read through GraphQL, an
 * upload collection with an image size. Every limit is the default.
 */
import { defineConfig } from '../server/index.ts'

export default defineConfig({
  secret: process.env.PAYLOAD_SECRET ?? 'bench-attack-secret-of-at-least-32-bytes',
  db: { url: process.env.DATABASE_URL ?? 'sqlite:data/attack.db' },
  collections: [
    {
      slug: 'pages',
      access: { read: () => true, create: () => true },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'rows', type: 'array', fields: [{ name: 'text', type: 'text' }] },
        {
          name: 'layout',
          type: 'blocks',
          blocks: [{ slug: 'quote', fields: [{ name: 'text', type: 'text' }] }],
        },
      ],
    },
    {
      slug: 'posts',
      access: { read: () => true, create: () => true },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'body', type: 'richText' },
      ],
    },
    {
      slug: 'media',
      access: { read: () => true, create: () => true },
      upload: {
        staticDir: process.env.CMS_MEDIA_DIR ?? 'data/attack-media',
        imageSizes: [{ name: 'card', width: 640, height: 480 }],
      },
      fields: [],
    },
  ],
})
