import test from 'ava'
import { useServer } from '../helpers/http.ts'
import config from '../../cms.config.ts'
const s = useServer(test, config)
test('x', async (t) => { const r = await s.request('GET', '/api/posts'); t.is(r.status, 200) })
