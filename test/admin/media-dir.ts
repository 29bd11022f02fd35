/**
 * The example app's media folder for an admin test: a fresh temporary one. Imported before the harness (which
 * imports `cms.config.ts`, reading CMS_MEDIA_DIR once), so the files the browser uploads stay out of `data/`.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

process.env.CMS_MEDIA_DIR = mkdtempSync(path.join(tmpdir(), 'cms-admin-media-'))
